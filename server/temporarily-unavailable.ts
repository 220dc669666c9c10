import { outagePage } from "./outage-page";

const RETRY_AFTER_SECONDS = 30;

/**
 * What every address answers while the database cannot be reached: a page (`outagePage`) to a
 * browser, a reason in JSON to a program, both with when to try again.
 */
export function temporarilyUnavailable(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  const wantsPage =
    request.headers.get("Accept")?.includes("text/html") && !new URL(request.url).pathname.endsWith(".data");
  return wantsPage
    ? new Response(outagePage(request), {
        status: 503,
        headers: { ...headers, "Content-Type": "text/html; charset=utf-8" },
      })
    : Response.json(
        { error: "Seller Hub is temporarily unavailable: the database cannot be reached." },
        { status: 503, headers },
      );
}
