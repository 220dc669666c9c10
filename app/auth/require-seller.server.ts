import { timingSafeEqual } from "node:crypto";
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { pageUrl } from "~/http/page-url";
import { refusal } from "~/http/refusal";
import { databaseContext, signedInSellerContext } from "~/request-context";
import { findSignedInSeller, type SignedInSeller } from "./session.server";

/** Route middleware: no session, no page; the seller signs in and comes back. */
export const requireSeller: MiddlewareFunction<Response> = async ({ request, context }) => {
  const signedIn = await findSignedInSeller(context.get(databaseContext).db, request);
  if (!signedIn) {
    const { pathname, search } = pageUrl(request);
    throw redirect(`/signin?${new URLSearchParams({ redirectTo: pathname + search })}`);
  }
  context.set(signedInSellerContext, signedIn);
};

export function getSignedInSeller(context: Readonly<RouterContextProvider>): SignedInSeller {
  return context.get(signedInSellerContext);
}

export function tokensMatch(expected: string, actual: unknown): boolean {
  if (typeof actual !== "string" || actual.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

/** Every state change carries the session's anti-forgery token; anything else is refused with 403. */
export function assertAntiForgeryToken(signedIn: SignedInSeller, srt: unknown): void {
  if (!tokensMatch(signedIn.srt, srt)) {
    throw refusal(
      403,
      "The anti-forgery token is missing or does not match your session. Reload the page and try again.",
    );
  }
}
