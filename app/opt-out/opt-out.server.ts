import type { Kysely } from "kysely";
import { redirect, type MiddlewareFunction } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import type { Actor } from "~/activity/activity-kinds";
import { recordActivity } from "~/activity/activity.server";
import type { DatabaseSchema } from "~/db/schema";
import { pageUrl } from "~/http/page-url";
import { databaseContext } from "~/request-context";
import { DEFAULT_PREVIOUS_TOOL_URL } from "./opt-out-model";

/** A new tool a seller may leave for the previous one (decision record 020). */
export interface OptOutTool {
  /** Its name in the opt_out table. */
  id: string;
  /** Every page whose path starts so belongs to it. */
  pagesUnder: string;
  /** Where switching back to it lands. */
  homeUrl: string;
  previousToolUrl: string;
}

export const LISTINGS_TOOL: OptOutTool = {
  id: "listings",
  pagesUnder: "/sh/lst/",
  homeUrl: "/sh/lst/active",
  previousToolUrl: DEFAULT_PREVIOUS_TOOL_URL,
};

/**
 * Whether the page at `pathname` is the tool's, read as React Router matches a path to its route:
 * escapes decoded, letters in any case. Compared as sent, `/sh/Lst/active` and `/sh/%6Cst/active`
 * opened the listings for a seller who had left them (an audit of 2026-11-29).
 */
export function isPageOf(tool: OptOutTool, pathname: string): boolean {
  return asRouted(pathname).startsWith(tool.pagesUnder);
}

function asRouted(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape matches no route of the tool's either: React Router keeps it as sent.
  }
  return decoded.replaceAll(/\/{2,}/g, "/").toLowerCase();
}

/** One primary-key lookup. */
export async function hasOptedOut(db: Kysely<DatabaseSchema>, sellerId: number, tool: OptOutTool): Promise<boolean> {
  const row = await db
    .selectFrom("opt_out")
    .select("seller_id")
    .where("seller_id", "=", sellerId)
    .where("tool", "=", tool.id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Idempotent: opting out twice leaves one record, dated by the first, and one entry in the
 * account's activity log.
 */
export async function recordOptOut(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  tool: OptOutTool,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto("opt_out")
      .values({ seller_id: by.sellerId, tool: tool.id, created_at: now })
      .onConflict((conflict) => conflict.columns(["seller_id", "tool"]).doNothing())
      .returning("seller_id")
      .executeTakeFirst();
    if (recorded) await recordActivity(trx, by, "tools-switched", { to: "previous" }, now);
  });
}

/** Forgets the opt-out: the account's members use the hub's tool again. Told to the log once, as opting out is. */
export async function optBackIn(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  tool: OptOutTool,
  now = Date.now(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const forgotten = await trx
      .deleteFrom("opt_out")
      .where("seller_id", "=", by.sellerId)
      .where("tool", "=", tool.id)
      .returning("seller_id")
      .executeTakeFirst();
    if (forgotten) await recordActivity(trx, by, "tools-switched", { to: "hub" }, now);
  });
}

/**
 * Shell middleware: a seller who left the new listings tool is taken to the previous tool
 * whenever they open one of its pages. Other pages cost nothing; the tool's pages one lookup.
 */
export const redirectOptedOutSeller: MiddlewareFunction<Response> = async ({ request, context }) => {
  if (!isPageOf(LISTINGS_TOOL, pageUrl(request).pathname)) return;
  const { seller } = getSignedInSeller(context);
  if (await hasOptedOut(context.get(databaseContext).db, seller.id, LISTINGS_TOOL))
    throw redirect(LISTINGS_TOOL.previousToolUrl);
};
