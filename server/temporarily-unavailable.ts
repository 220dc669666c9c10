/**
 * What every page answers while the database cannot be reached: a plain page (no scripts,
 * nothing that needs the database) that says what is wrong and when to try again.
 */
const RETRY_AFTER_SECONDS = 30;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable · Seller Hub</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body>
<main>
<h1>Seller Hub is temporarily unavailable</h1>
<p>We cannot reach your data right now. Nothing you did caused this, and nothing was lost.</p>
<p>Try again in a minute: <a href="">reload this page</a>.</p>
</main>
</body>
</html>`;

export function temporarilyUnavailable(request: Request): Response {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  const wantsPage =
    request.headers.get("Accept")?.includes("text/html") && !new URL(request.url).pathname.endsWith(".data");
  return wantsPage
    ? new Response(PAGE, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } })
    : Response.json(
        { error: "Seller Hub is temporarily unavailable: the database cannot be reached." },
        { status: 503, headers },
      );
}
