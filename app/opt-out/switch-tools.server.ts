import type { Kysely } from "kysely";
import { actorOf } from "~/activity/activity.server";
import type { MiddlewareFunction } from "react-router";
import { assertAntiForgeryToken, tokensMatch } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import type { SignedInSeller } from "~/auth/session.server";
import type { DatabaseSchema } from "~/db/schema";
import { readForm, readJson } from "~/http/request-body.server";
import { databaseContext } from "~/request-context";
import { optOutRequestSchema } from "./opt-out-model";
import { LISTINGS_TOOL, recordOptOut } from "./opt-out.server";

/**
 * The opt-out dialog's call (docs/product/calls-and-limits.md): JSON `{ "srt": … }`. Its caller reads only the status,
 * so it is answered here, before any page is rendered: 204 once recorded; 400 for malformed JSON,
 * 413 for an oversized body, 403 (and nothing recorded) for a missing or wrong token.
 */
export const answerOptOutCall: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (request.method !== "POST" || !isJson(request)) return;
  const signedIn = getSignedInSeller(context);
  assertAntiForgeryToken(signedIn, optOutRequestSchema.safeParse(await readJson(request)).data?.srt);
  await recordOptOut(context.get(databaseContext).db, actorOf(signedIn), LISTINGS_TOOL);
  return new Response(null, { status: 204 });
};

/** The switch-tools page's form post (no JavaScript): whether the switch was made, so that the page can say so. */
export async function switchByForm(
  db: Kysely<DatabaseSchema>,
  signedIn: SignedInSeller,
  request: Request,
): Promise<boolean> {
  const { srt } = optOutRequestSchema.catch({ srt: "" }).parse(Object.fromEntries(await readForm(request)));
  if (!tokensMatch(signedIn.srt, srt)) return false;
  await recordOptOut(db, actorOf(signedIn), LISTINGS_TOOL);
  return true;
}

function isJson(request: Request): boolean {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";
}
