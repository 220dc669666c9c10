import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import type { ListingFilters } from "~/listings/listing-filters";
import { matchingListings } from "~/listings/listings.server";

/**
 * The listings a seller has selected for a bulk price change, kept per session on the server
 * (decision 075): the selection survives paging, re-filtering and a reload, with or without
 * JavaScript, and ends with the session.
 */

/** The most listings one change takes: enough for a large catalogue's weekly repricing, and a transaction that stays short (decision 075). */
export const MAX_SELECTION = 10_000;

export type SelectionResult = { ok: true; count: number } | { ok: false; count: number; reason: string };

export async function countSelected(db: Kysely<DatabaseSchema>, sessionId: string): Promise<number> {
  const { count } = await db
    .selectFrom("listing_selection")
    .where("session_id", "=", sessionId)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Which of these listings are selected. */
export async function selectedAmong(
  db: Kysely<DatabaseSchema>,
  sessionId: string,
  listingIds: readonly number[],
): Promise<number[]> {
  if (listingIds.length === 0) return [];
  const rows = await db
    .selectFrom("listing_selection")
    .select("listing_id")
    .where("session_id", "=", sessionId)
    .where("listing_id", "in", listingIds)
    .execute();
  return rows.map((row) => row.listing_id);
}

/**
 * Selects or unselects listings. Only the seller's own listings are ever selected: another
 * seller's id is ignored as if it did not exist.
 */
export async function changeSelection(
  db: Kysely<DatabaseSchema>,
  { sessionId, sellerId }: { sessionId: string; sellerId: number },
  changes: { select: readonly number[]; unselect: readonly number[] },
): Promise<SelectionResult> {
  return db.transaction().execute(async (trx) => {
    if (changes.unselect.length > 0) {
      await trx
        .deleteFrom("listing_selection")
        .where("session_id", "=", sessionId)
        .where("listing_id", "in", changes.unselect)
        .execute();
    }
    if (changes.select.length > 0) {
      const already = await countSelected(trx, sessionId);
      const adding = await trx
        .selectFrom("listing")
        .select("id")
        .where("seller_id", "=", sellerId)
        .where("id", "in", changes.select)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("listing_selection")
                .select("listing_id")
                .where("session_id", "=", sessionId)
                .whereRef("listing_selection.listing_id", "=", "listing.id"),
            ),
          ),
        )
        .execute();
      if (already + adding.length > MAX_SELECTION) return tooMany(already);
      if (adding.length > 0) {
        await trx
          .insertInto("listing_selection")
          .values(adding.map(({ id }) => ({ session_id: sessionId, listing_id: id })))
          .execute();
      }
    }
    return { ok: true, count: await countSelected(trx, sessionId) };
  });
}

/** Adds every listing that matches the filters, on every page, to the selection. */
export async function selectAllMatching(
  db: Kysely<DatabaseSchema>,
  { sessionId, sellerId }: { sessionId: string; sellerId: number },
  filters: ListingFilters,
): Promise<SelectionResult> {
  return db.transaction().execute(async (trx) => {
    const notYetSelected = matchingListings(trx, sellerId, filters).where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("listing_selection")
            .select("listing_id")
            .where("session_id", "=", sessionId)
            .whereRef("listing_selection.listing_id", "=", "listing.id"),
        ),
      ),
    );
    const already = await countSelected(trx, sessionId);
    const { adding } = await notYetSelected
      .select((eb) => eb.fn.countAll<number>().as("adding"))
      .executeTakeFirstOrThrow();
    if (already + Number(adding) > MAX_SELECTION) return tooMany(already);
    await trx
      .insertInto("listing_selection")
      .columns(["session_id", "listing_id"])
      .expression(notYetSelected.select((eb) => [eb.val(sessionId).as("session_id"), "listing.id as listing_id"]))
      .execute();
    return { ok: true, count: await countSelected(trx, sessionId) };
  });
}

export async function clearSelection(db: Kysely<DatabaseSchema>, sessionId: string): Promise<void> {
  await db.deleteFrom("listing_selection").where("session_id", "=", sessionId).execute();
}

function tooMany(count: number): SelectionResult {
  return {
    ok: false,
    count,
    reason: `One change takes up to ${MAX_SELECTION.toLocaleString("en-US")} listings. Narrow the filters, or change these first and then the rest.`,
  };
}
