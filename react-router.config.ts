import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Development only: Vite looks for the client's dependencies from the client entry and every
    // route module when it starts, rather than finding them on the first page load and answering
    // that page's modules "504 Outdated Optimize Dep" while it bundles them again, which failed
    // the first hydration of `npm run dev` on a fresh clone (scripts/dev.test.ts).
    unstable_optimizeDeps: true,
  },
} satisfies Config;
