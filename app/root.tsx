import { lazy, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { languageOfVisitor } from "./i18n/language.server";
import { CataloguePreload, useLanguageText, type MessageKey, type Text } from "./i18n/text";
import { COLOR_SCHEMES } from "./appearance/appearance";
import { appearanceContext, languageContext, nonceContext } from "./request-context";
import { HYDRATED_MARK } from "./shell/hydration";
import { usePageHandle } from "./shell/page-handle";
import { shellRefusalOf } from "./shell/shell-refusal";
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

/** Every response speaks the visitor's language; the session's middleware changes it to the member's (`requireSellerRefusing`). */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    context.set(languageContext, languageOfVisitor(request));
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.get(nonceContext), appearance: context.get(appearanceContext) };
}

// Here rather than in an effect: script errors count from the moment the hub's code runs,
// before hydration, and on pages whose hydration fails.
const pageViews = typeof document === "undefined" ? undefined : startSiteSpeedBeacon();

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = rootData?.nonce;
  const error = useRouteError();
  // An error page before the root's data has none: the system's scheme, or the member's when a
  // refusal brought their shell (no loader runs once a middleware refuses).
  const appearance = rootData?.appearance ?? shellRefusalOf(error)?.shell.member.appearance ?? "system";
  // Read by the site-speed beacon (~/shell/page-name.ts), which runs outside React. An error page
  // is not the page it stands for: a refusal is measured as such, not as the page refused.
  const handle = usePageHandle();
  const pageName = errorPageName(error) ?? handle.pageName;
  const { language, dir } = useLanguageText();
  // Here rather than in the app's component: an error page is a page view too, and hydrates.
  usePageViews(pageViews, pageName);
  useEffect(() => {
    performance.mark(HYDRATED_MARK);
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={language} dir={dir} data-page-name={pageName} data-appearance={appearance}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the style sheet arrives, the browser paints the canvas in the page's scheme (decision 082). */}
        <meta name="color-scheme" content={COLOR_SCHEMES[appearance]} />
        <Meta />
        {/* The nonce from the loader's data, so the browser's first render carries it as the
            server's did; from the router's context alone, development mode's critical-CSS link
            had it on the server only, and React reported the mismatch (scripts/dev.test.ts). */}
        <Links nonce={nonce} />
        <CataloguePreload nonce={nonce} />
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
  return <Outlet />;
}

/**
 * The hub around a refused page is loaded when one is drawn, so the pages outside the hub (signing
 * in) carry none of it. The server's render waits for it; in the browser a refused first load is
 * hydrated once its small file arrives (the shell's own code is already preloaded with the page's).
 */
const RefusedPage = lazy(() => import("./shell/components/shell-frame/RefusedPage"));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const text = useLanguageText().text;
  const [title, detail] = describeError(error, text);
  const refusal = shellRefusalOf(error);
  if (refusal) return <RefusedPage refusal={refusal} title={title} />;
  return (
    <main className="error-page">
      <title>{text("pageTitle", { page: title })}</title>
      <h1>{title}</h1>
      <p>{detail}</p>
      <p>
        <a href="/sh/ovw">{text("errorPage.goToOverview")}</a>
      </p>
    </main>
  );
}

/** Headings for the refusals a seller can meet; the reason below each says what to do. */
const REFUSAL_TITLES: Record<number, MessageKey> = {
  400: "errorPage.title.badRequest",
  403: "errorPage.title.forbidden",
  405: "errorPage.title.methodNotAllowed",
  413: "errorPage.title.tooLarge",
  415: "errorPage.title.unsupportedType",
  429: "errorPage.title.tooManyRequests",
};

function describeError(error: unknown, text: Text): [string, string] {
  if (isRouteErrorResponse(error)) {
    // A refusal's reason comes from the server in the request's language.
    const reason =
      shellRefusalOf(error)?.reason ?? (typeof error.data === "string" && error.data ? error.data : undefined);
    if (error.status === 404) return [text("errorPage.title.notFound"), reason ?? text("errorPage.notFound")];
    if (error.status === 503) return [text("errorPage.title.unavailable"), text("errorPage.unavailable")];
    const title = REFUSAL_TITLES[error.status];
    return [
      title ? text(title) : text("errorPage.title.status", { status: String(error.status) }),
      reason ?? text("errorPage.notCompleted"),
    ];
  }
  return [text("errorPage.title.unexpected"), text("errorPage.unexpected")];
}

/** The page name of a refusal or an address that leads nowhere, measured as what the seller saw. */
function errorPageName(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  if (error.status === 403) return "sellerHubNotAllowed";
  if (error.status === 404) return "sellerHubNotFound";
  return undefined;
}
