import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { pageUrl } from "~/http/page-url";
import { showTimingParts } from "~/http/server-timing.server";
import { refusal } from "~/http/refusal";
import { languageOfMember, textOf } from "~/i18n/language.server";
import { appearanceOfMember } from "~/appearance/appearance";
import { appearanceContext, databaseContext, languageContext, signedInSellerContext } from "~/request-context";
import { may, permissionFor } from "~/team/policy";
import { findSignedInSeller, type SignedInSeller } from "./session.server";

/** What a refusal sends: a response or data to throw (or a promise of one, awaited), given the request and the reason in its language. */
type Refuse = (args: Parameters<MiddlewareFunction<Response>>[0], reason: string) => unknown;

/**
 * Route middleware of every address that needs a session: no session, no page (the member signs
 * in and comes back); a session whose member's role does not allow the address, for the request's
 * method, is refused with 403 and the reason, before any loader or action runs (decision 086). The
 * role is read from the member's row on every request, so a change of role counts at once. How the
 * refusal is sent is `refuse`'s: the shell's pages keep the hub around it (`requireSellerInShell`).
 */
export function requireSellerRefusing(refuse: Refuse): MiddlewareFunction<Response> {
  return async (args) => {
    const { request, context, pattern } = args;
    const signedIn = await findSignedInSeller(context.get(databaseContext).db, request);
    if (!signedIn) {
      const { pathname, search } = pageUrl(request);
      throw redirect(`/signin?${new URLSearchParams({ redirectTo: pathname + search })}`);
    }
    context.set(signedInSellerContext, signedIn);
    showTimingParts();
    context.set(languageContext, languageOfMember(signedIn.member, signedIn.seller));
    context.set(appearanceContext, appearanceOfMember(signedIn.member));
    const permission = permissionFor(pattern, request.method);
    const { role } = signedIn.member;
    if (!permission || !may(role, permission)) {
      const needed = (permission ?? "other").replace(":", "_");
      throw await refuse(args, textOf(context)("team.refused", { role, permission: needed }));
    }
  };
}

/** `requireSellerRefusing` for the addresses outside the shell: the reason as plain text. */
export const requireSeller = requireSellerRefusing((_, reason) => refusal(403, reason));

export function getSignedInSeller(context: Readonly<RouterContextProvider>): SignedInSeller {
  return context.get(signedInSellerContext);
}
