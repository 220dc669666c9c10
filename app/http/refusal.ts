/**
 * A request refused for a reason its sender can act on. Thrown as a Response, it reaches a
 * resource route's caller as it is (plain text, status, headers such as Retry-After), and a
 * page's error boundary with its reason as `error.data`.
 */
export function refusal(status: number, reason: string, headers: Record<string, string> = {}): Response {
  return new Response(reason, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
