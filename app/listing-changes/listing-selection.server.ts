import type { MessageKey } from "~/i18n/language-text";
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from "kysely";
import type { Database, Dialect } from "~/db/database.server";
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

/** A refused selection's reason is a catalogue key: the route words it in the seller's language. */
export type SelectionResult = { ok: true; count: number } | { ok: false; count: number; reason: SelectionRefusal };
export type SelectionRefusal = Extract<MessageKey, "bulk.refused.tooMany" | "bulk.refused.noneSelected">;

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
  database: Database,
  { sessionId, sellerId }: { sessionId: string; sellerId: number },
  changes: { select: readonly number[]; unselect: readonly number[] },
): Promise<SelectionResult> {
  const before = await countSelected(database.db, sessionId);
  try {
    return await database.db.transaction().execute(async (trx) => {
      await lockSelection(trx, database.dialect, sessionId);
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
          .where(notSelectedIn(sessionId))
          .execute();
        // Refused whole: the unticks above roll back with it, and the selection stays as it was.
        if (already + adding.length > MAX_SELECTION) throw new SelectionRefused();
        if (adding.length > 0) {
          await trx
            .insertInto("listing_selection")
            .values(adding.map(({ id }) => ({ session_id: sessionId, listing_id: id })))
            .execute();
        }
      }
      return { ok: true, count: await countSelected(trx, sessionId) };
    });
  } catch (error) {
    if (error instanceof SelectionRefused) return tooMany(before);
    throw error;
  }
}

/**
 * One change of a session's selection at a time, so that two (a double click on "Select all", two
 * tabs) cannot both count the selection below the limit and both add to it. SQLite's transactions
 * already take the one write lock at their start (BEGIN IMMEDIATE); on PostgreSQL, under READ
 * COMMITTED, a lock of the transaction's own on the session's selection does it.
 */
async function lockSelection(trx: Transaction<DatabaseSchema>, dialect: Dialect, sessionId: string): Promise<void> {
  if (dialect === "postgres")
    await sql`select pg_advisory_xact_lock(hashtext(${`seller-hub:selection:${sessionId}`}))`.execute(trx);
}

/** A listing not yet in the session's selection, as a condition on `listing`. */
function notSelectedIn(sessionId: string) {
  return ({ not, exists, selectFrom }: ExpressionBuilder<DatabaseSchema, "listing">) =>
    not(
      exists(
        selectFrom("listing_selection")
          .select("listing_id")
          .where("session_id", "=", sessionId)
          .whereRef("listing_selection.listing_id", "=", "listing.id"),
      ),
    );
}

/** Thrown inside a selection's transaction to roll it back when the change is refused. */
class SelectionRefused extends Error {}

/** Adds every listing that matches the filters, on every page, to the selection. */
export async function selectAllMatching(
  { db, dialect }: Database,
  { sessionId, sellerId }: { sessionId: string; sellerId: number },
  filters: ListingFilters,
): Promise<SelectionResult> {
  return db.transaction().execute(async (trx) => {
    await lockSelection(trx, dialect, sessionId);
    const notYetSelected = matchingListings(trx, sellerId, filters).where(notSelectedIn(sessionId));
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
    reason: "bulk.refused.tooMany",
  };
}
