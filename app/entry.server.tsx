import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
  type ServerInstrumentation,
} from "react-router";
import { preloadScriptsAtLowPriority } from "~/http/low-priority-script-preloads.server";
import { addPhase, matchedRoute, timePhase } from "~/http/server-timing.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import { languageContext, nonceContext } from "~/request-context";

export const streamTimeout = 5_000;

/** Each route's loader and action, timed for the request's `Server-Timing` (app/http/server-timing.server.ts). */
export const instrumentations: ServerInstrumentation[] = [
  {
    route(route) {
      route.instrument({
        // The pattern matched, for the operator's metrics by route (server/metrics.ts): read here,
        // where every matched request passes, rather than around the request handler, whose
        // instrumentation replaces an error the handler throws with its own.
        middleware: (callMiddleware, { pattern }) => {
          matchedRoute(pattern);
          return callMiddleware().then(() => undefined);
        },
        loader: (callLoader, { pattern }) => {
          matchedRoute(pattern);
          return timePhase("loaders", callLoader).then(() => undefined);
        },
        action: (callAction, { pattern }) => {
          matchedRoute(pattern);
          return timePhase("action", callAction).then(() => undefined);
        },
      });
    },
  },
];

/**
 * A URL that names nothing (a browser's own /apple-touch-icon.png, a scanner's /wp-login.php)
 * gets the 404 page; it is the visitor's mistake, not the hub's, so it is not logged. Without
 * this, React Router logs "No route matches URL" with a stack for each. Anything else is logged,
 * unless the client went away.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status === 404)) return;
  // React Router's own responses (a 405, say) carry the Error with the stack that says why.
  const cause = isRouteErrorResponse(error) && "error" in error ? error.error : undefined;
  console.error(cause ?? error);
};

/**
 * Renders the whole page, then answers with it in one piece. The hub's loaders resolve all their
 * data before rendering (nothing is deferred), so streaming would gain no early bytes, and one
 * buffer spares a web-stream round trip per chunk (bench/README.md).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> | Response {
  if (request.method === "HEAD") return new Response(null, { status, headers });
  const nonce = loadContext.get(nonceContext);
  const renderStarted = performance.now();

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        // The timer holds the whole render; it must not outlive it.
        clearTimeout(timer);
        addPhase("render", renderStarted);
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(preloadScriptsAtLowPriority(Buffer.concat(chunks)), { status, headers }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <TextProvider value={textOfLanguage(loadContext.get(languageContext))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TextProvider>,
      {
        nonce,
        // React outlines a finished Suspense boundary of more than 500 bytes once the page's bytes
        // pass this size (12,800 by default; `isEligibleForOutlining` in react-dom/server): it sends
        // the fallback, then a hidden copy of the content and a script that swaps them. That serves
        // a page streamed in parts; this one is answered whole, and it sent the header's search form
        // twice (duplicate ids, by the Nu HTML Checker: server/html-conformance.test.ts).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => pipe(page),
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
