import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { nonceContext } from "./request-context";
import { usePageHandle } from "./shell/page-handle";
import { startSiteSpeedBeacon } from "./site-speed/site-speed-beacon";
import { usePageViews } from "./site-speed/use-page-views";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  // A precedence makes React emit the style sheet with the head's first resources. Without one it
  // comes after the modulepreload links that <Scripts /> renders and React hoists, and under
  // Lighthouse's simulated slow 4G the render-blocking sheet waited behind 16 scripts (bench/README.md).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.get(nonceContext) };
}

// Here rather than in an effect: script errors count from the moment the hub's code runs,
// before hydration, and on pages whose hydration fails.
const pageViews = typeof document === "undefined" ? undefined : startSiteSpeedBeacon();

/** The benchmark and the end-to-end tests wait for this mark. */
export const HYDRATED_MARK = "seller-hub:hydrated";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  // Read by the site-speed beacon (~/shell/page-name.ts), which runs outside React.
  const { pageName } = usePageHandle();
  return (
    <html lang="en" data-page-name={pageName}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* The nonce from the loader's data, so the browser's first render carries it as the
            server's did; from the router's context alone, development mode's critical-CSS link
            had it on the server only, and React reported the mismatch (scripts/dev.test.ts). */}
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  usePageViews(pageViews);
  useEffect(() => {
    performance.mark(HYDRATED_MARK);
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const [title, detail] = describeError(error);
  return (
    <main className="error-page">
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/sh/ovw">Go to the overview</a>
      </p>
    </main>
  );
}

/** Headings for the refusals a seller can meet; the reason below each says what to do. */
const REFUSAL_TITLES: Record<number, string> = {
  400: "This request could not be read",
  403: "This action is not allowed",
  405: "This address does not take that kind of request",
  413: "This request is too large",
  415: "This request is in a form Seller Hub does not read",
  429: "Too many requests",
};

function describeError(error: unknown): [string, string] {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return [
        "Page not found",
        typeof error.data === "string" && error.data
          ? error.data
          : "There is nothing at this address, or it is not yours to see.",
      ];
    if (error.status === 503)
      return ["Temporarily unavailable", "Seller Hub cannot reach its data right now. Try again in a minute."];
    const reason = typeof error.data === "string" && error.data ? error.data : "The request could not be completed.";
    return [REFUSAL_TITLES[error.status] ?? `Error ${error.status}`, reason];
  }
  return [
    "Something went wrong",
    "An unexpected error stopped this page. Try again; if it keeps happening, let us know.",
  ];
}
