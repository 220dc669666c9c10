import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { pageUrl } from "~/http/page-url";
import { languageOfMember } from "~/i18n/language.server";
import { appearanceOfMember } from "~/appearance/appearance";
import { appearanceContext, databaseContext, languageContext, signedInSellerContext } from "~/request-context";
import { findSignedInSeller, type SignedInSeller } from "./session.server";

/** Route middleware: no session, no page; the member signs in and comes back. */
export const requireSeller: MiddlewareFunction<Response> = async ({ request, context }) => {
  const signedIn = await findSignedInSeller(context.get(databaseContext).db, request);
  if (!signedIn) {
    const { pathname, search } = pageUrl(request);
    throw redirect(`/signin?${new URLSearchParams({ redirectTo: pathname + search })}`);
  }
  context.set(signedInSellerContext, signedIn);
  context.set(languageContext, languageOfMember(signedIn.member, signedIn.seller));
  context.set(appearanceContext, appearanceOfMember(signedIn.member));
};

export function getSignedInSeller(context: Readonly<RouterContextProvider>): SignedInSeller {
  return context.get(signedInSellerContext);
}
