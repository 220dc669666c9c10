/**
 * Lets a script run the hub's own server modules under Node's type stripping, resolved as Vite
 * resolves them: `~/…` is app/, and a relative import without an extension finds its .ts file.
 * Only .ts modules (no JSX) can be run this way.
 */
import { existsSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
const app = new URL("app/", root);

function isOurs(parentUrl: string | undefined): boolean {
  return parentUrl !== undefined && parentUrl.startsWith(root.href) && !parentUrl.includes("/node_modules/");
}

/** Call before importing an app module, with a dynamic import(): static imports resolve before any code runs. */
export function registerAppModules(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (!isOurs(context.parentURL)) return nextResolve(specifier, context);
      const resolved = specifier.startsWith("~/") ? new URL(specifier.slice(2), app).href : specifier;
      if (resolved.startsWith(".") || resolved.startsWith("file:")) {
        const path = fileURLToPath(new URL(resolved, context.parentURL));
        if (!existsSync(path) && existsSync(`${path}.ts`))
          return nextResolve(`${new URL(resolved, context.parentURL).href}.ts`, context);
      }
      return nextResolve(resolved, context);
    },
  });
}
