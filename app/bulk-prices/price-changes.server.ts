import type { MessageKey, Text } from "~/i18n/language-text";
import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "~/db/database.server";
import { NO_SUCH_LISTING } from "~/listings/listing-id";
import type { DatabaseSchema, Listing, ListingChangeTable } from "~/db/schema";
import {
  describePriceChange,
  FILE_CHANGE,
  LISTING_PAGE_CHANGE,
  newPriceOf,
  typedPriceOf,
  PRICE_CHANGE_KINDS,
  PRICE_PROBLEMS,
  type BulkPriceChange,
  type NewPrice,
  type PriceChange,
  type PriceProblem,
} from "./price-change";

/**
 * Bulk price changes (decision 075): a preview that writes no price, an apply that writes every
 * price of the preview in one transaction or none, and an undo of the seller's last change.
 *
 * Each write of a price is a compare-and-set on the listing's `price_version`: a listing changed
 * since the preview (for an apply) or since the change (for an undo) is left alone and reported.
 * The change's own state is a compare-and-set too, so a second submit of the same change (a
 * double click, a retry after a time-out, another instance) applies nothing more.
 */

/** How long after applying a change the seller can undo it. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Previews never confirmed are deleted after this (housekeeping). */
export const PREVIEW_KEPT_MS = 24 * 60 * 60 * 1000;

const isPastKeeping = (createdAt: number, now: number) => createdAt < now - PREVIEW_KEPT_MS;

/**
 * Listings written per statement. Between chunks the worker serves other requests (a chunk of
 * 500 takes a few milliseconds; `npm run bench` measures 10,000), and the seller sees progress.
 */
export const CHUNK = 500;

export interface Progress {
  done: number;
  total: number;
}

type OnProgress = (progress: Progress) => void;

export interface PriceChangeRecord extends PriceChange {
  id: string;
  state: ListingChangeTable["state"];
  createdAt: number;
  appliedAt: number | null;
  undoneAt: number | null;
}

export interface PriceChangeSummary {
  change: PriceChangeRecord;
  /** Listings the change gives a new price (before applying), or gave one (after). */
  changing: number;
  /** Listings the change cannot apply to, by reason. */
  problems: Partial<Record<PriceProblem, number>>;
  applied: number;
  conflicts: number;
  restored: number;
  changedSince: number;
  /** Until when the seller can undo it; null when they cannot (not applied, not their last change, already undone). */
  undoableUntil: number | null;
}

/** A request about a change that cannot be met as asked, with the reason for the seller (a catalogue key). */
export class PriceChangeRefused extends Error {
  readonly status: 400 | 404 | 409;
  readonly reason: MessageKey;
  constructor(status: 400 | 404 | 409, reason: MessageKey) {
    super(reason);
    this.status = status;
    this.reason = reason;
  }
}

/**
 * Reads the selected listings and stores each one's new price (or the reason it has none) under a
 * new change id. Writes no price.
 */
export async function previewPriceChange(
  db: Kysely<DatabaseSchema>,
  { sellerId, sessionId }: { sellerId: number; sessionId: string },
  change: BulkPriceChange,
  now = Date.now(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const listings = await trx
      .selectFrom("listing_selection")
      .innerJoin("listing", "listing.id", "listing_selection.listing_id")
      .select(["listing.id", "listing.price", "listing.price_version", "listing.currency", "listing.status"])
      .where("listing_selection.session_id", "=", sessionId)
      .where("listing.seller_id", "=", sellerId)
      .orderBy("listing.id")
      .execute();
    if (listings.length === 0) throw new PriceChangeRefused(409, "bulk.refused.noneSelected");
    return storePreview(trx, { sellerId, change, now }, listings, (listing) => newPriceOf(listing, change));
  });
}

/** A listing's price from a file: the new one, and the price and version the file was checked against. */
export interface FilePrice {
  price: number;
  checkedPrice: number;
  checkedVersion: number;
}

/**
 * Stores a preview of prices brought in from a file: each listing's price is its row's (or the
 * reason it cannot take it, as for a bulk change), so that applying it is the bulk change's apply,
 * with its conflicts and its undo. Writes no price. Its old price and version are those the file
 * was checked against, not those read now: checking a large file takes seconds, and a listing
 * repriced meanwhile (another tab, a bulk change) must be a conflict at apply, not set back to a
 * price decided before it. The listings are the seller's own, checked when the file was read; one
 * not theirs here is left out all the same.
 */
export async function previewFilePrices(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  prices: ReadonlyMap<number, FilePrice>,
  now = Date.now(),
): Promise<string> {
  const listingIds = [...prices.keys()].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    const listings: PreviewedListing[] = [];
    for (let start = 0; start < listingIds.length; start += CHUNK)
      for (const listing of await trx
        .selectFrom("listing")
        .select(["id", "currency", "status"])
        .where("seller_id", "=", sellerId)
        .where("id", "in", listingIds.slice(start, start + CHUNK))
        .orderBy("id")
        .execute()) {
        const { checkedPrice, checkedVersion } = prices.get(listing.id) as FilePrice;
        listings.push({ ...listing, price: checkedPrice, price_version: checkedVersion });
      }
    const change: PriceChange = { kind: FILE_CHANGE, amount: 0 };
    return storePreview(trx, { sellerId, change, now }, listings, (listing) =>
      typedPriceOf(listing, (prices.get(listing.id) as FilePrice).price),
    );
  });
}

type PreviewedListing = Pick<Listing, "id" | "price" | "price_version" | "currency" | "status">;

/**
 * A preview's change and, for each listing, its price and version as read now and its new price
 * or the reason it has none, under a new change id; then the seller's oldest unapplied previews
 * past the limit go. Writes no price.
 */
async function storePreview(
  trx: Transaction<DatabaseSchema>,
  { sellerId, change, now }: { sellerId: number; change: PriceChange; now: number },
  listings: PreviewedListing[],
  newPrice: (listing: PreviewedListing) => NewPrice,
): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await insertChange(trx, { id, sellerId, change, now }, "previewed");
  for (let start = 0; start < listings.length; start += CHUNK) {
    await trx
      .insertInto("listing_change_item")
      .values(
        listings.slice(start, start + CHUNK).map((listing) => {
          const { price, problem } = newPrice(listing);
          return {
            change_id: id,
            listing_id: listing.id,
            field: "price",
            old_value: listing.price,
            old_version: listing.price_version,
            new_value: price ?? null,
            problem: problem ?? null,
          };
        }),
      )
      .execute();
  }
  await forgetOldestPreviews(trx, sellerId);
  return id;
}

/** A change's own row: a preview, or a change applied as it is made (a listing's page). */
async function insertChange(
  trx: Transaction<DatabaseSchema>,
  { id, sellerId, change, now }: { id: string; sellerId: number; change: PriceChange; now: number },
  state: "previewed" | "applied",
) {
  await trx
    .insertInto("listing_change")
    .values({
      id,
      seller_id: sellerId,
      kind: change.kind,
      amount: change.amount,
      ending: change.ending ?? null,
      state,
      created_at: now,
      applied_at: state === "applied" ? now : null,
    })
    .execute();
}

/**
 * Sets one listing's price from its page, as a change applied at once: compared with the version
 * the page showed (`seenVersion`), so a price changed since (another tab, a bulk change) is
 * refused, never overwritten; kept with the bulk changes, so it is in the listing's price history
 * and on the changes page, and undone as they are. Writes everything or nothing.
 */
export async function changeListingPrice(
  database: Database,
  sellerId: number,
  listingId: number,
  { price, seenVersion }: { price: number; seenVersion: number },
  now = Date.now(),
): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  const change: PriceChange = { kind: LISTING_PAGE_CHANGE, amount: price };
  await database.db.transaction().execute(async (trx) => {
    await lockInOrder(trx, database, [listingId]);
    const listing = await trx
      .selectFrom("listing")
      .select(["price", "price_version", "currency", "status"])
      .where("id", "=", listingId)
      .where("seller_id", "=", sellerId)
      .executeTakeFirst();
    if (!listing) throw new PriceChangeRefused(404, NO_SUCH_LISTING);
    if (listing.price_version !== seenVersion) throw new PriceChangeRefused(409, "listingPrice.refused.changedSince");
    const { problem } = typedPriceOf(listing, price);
    if (problem) throw new PriceChangeRefused(problem === "ended" ? 409 : 400, PRICE_PROBLEMS[problem]);
    await insertChange(trx, { id, sellerId, change, now }, "applied");
    await trx
      .insertInto("listing_change_item")
      .values({
        change_id: id,
        listing_id: listingId,
        field: "price",
        old_value: listing.price,
        old_version: seenVersion,
        new_value: price,
        problem: null,
        outcome: "applied",
      })
      .execute();
    // The version was read in this transaction (on SQLite one begun IMMEDIATE, on PostgreSQL with
    // the row locked), so the write's own comparison is a second guard, not the first.
    const written = await trx
      .updateTable("listing")
      .set((eb) => ({ price, price_version: eb("price_version", "+", 1) }))
      .where("id", "=", listingId)
      .where("price_version", "=", seenVersion)
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw new PriceChangeRefused(409, "listingPrice.refused.changedSince");
  });
  return id;
}

/**
 * Previews never applied that a seller keeps at once: each may hold 10,000 rows, and nothing else
 * would stop a seller (or a script with their session) from making them faster than housekeeping
 * deletes them after 24 hours. Ten is more than a seller compares side by side.
 */
export const PREVIEWS_KEPT_PER_SELLER = 10;

/** Deletes the seller's previews beyond the newest PREVIEWS_KEPT_PER_SELLER, rows first. */
async function forgetOldestPreviews(trx: Transaction<DatabaseSchema>, sellerId: number): Promise<void> {
  const older = await trx
    .selectFrom("listing_change")
    .select("id")
    .where("seller_id", "=", sellerId)
    .where("state", "=", "previewed")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(PREVIEWS_KEPT_PER_SELLER)
    .limit(100)
    .execute();
  if (older.length > 0)
    await deleteStillPreviewed(
      trx,
      older.map((row) => row.id),
    );
}

/**
 * Deletes those of `changeIds` that are still previews, with their listings' rows; returns how many.
 * The change's own row goes first, and only while it is still a preview: a change the seller applied
 * meanwhile in another tab keeps its rows, which are its price history and its undo. Used when a
 * seller's previews pass the kept number and by housekeeping.
 */
export async function deleteStillPreviewed(trx: Transaction<DatabaseSchema>, changeIds: string[]): Promise<number> {
  const gone = await trx
    .deleteFrom("listing_change")
    .where("id", "in", changeIds)
    .where("state", "=", "previewed")
    .returning("id")
    .execute();
  if (gone.length > 0)
    await trx
      .deleteFrom("listing_change_item")
      .where(
        "change_id",
        "in",
        gone.map((row) => row.id),
      )
      .execute();
  return gone.length;
}

/** The seller's change with its figures; undefined for another seller's or an unknown id. */
export async function findPriceChange(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  changeId: string,
  now = Date.now(),
): Promise<PriceChangeSummary | undefined> {
  const row = await db
    .selectFrom("listing_change")
    .selectAll()
    .where("id", "=", changeId)
    .where("seller_id", "=", sellerId)
    .executeTakeFirst();
  // A preview past its 24 hours is gone, whether or not housekeeping has deleted it yet.
  if (!row || (row.state === "previewed" && isPastKeeping(Number(row.created_at), now))) return undefined;
  const groups = await db
    .selectFrom("listing_change_item")
    .select((eb) => ["problem", "outcome", "undo_outcome", eb.fn.countAll<number>().as("listings")])
    .where("change_id", "=", changeId)
    .groupBy(["problem", "outcome", "undo_outcome"])
    .execute();
  const summary: PriceChangeSummary = {
    change: toRecord(row),
    changing: 0,
    problems: {},
    applied: 0,
    conflicts: 0,
    restored: 0,
    changedSince: 0,
    undoableUntil: null,
  };
  for (const group of groups) {
    const listings = Number(group.listings);
    if (group.problem) {
      const problem = group.problem as PriceProblem;
      summary.problems[problem] = (summary.problems[problem] ?? 0) + listings;
      continue;
    }
    summary.changing += listings;
    if (group.outcome === "applied") summary.applied += listings;
    if (group.outcome === "conflict") summary.conflicts += listings;
    if (group.undo_outcome === "restored") summary.restored += listings;
    if (group.undo_outcome === "changed_since") summary.changedSince += listings;
  }
  if (row.state === "applied" && (await isLastChange(db, sellerId, changeId))) {
    const until = Number(row.applied_at) + UNDO_WINDOW_MS;
    if (until > now) summary.undoableUntil = until;
  }
  return summary;
}

export interface PriceChangeItem {
  listingId: number;
  title: string;
  currency: string;
  condition: string;
  epid: string;
  oldPrice: number;
  newPrice: number | null;
  problem: PriceProblem | null;
  outcome: "applied" | "conflict" | null;
  undoOutcome: "restored" | "changed_since" | null;
}

/** One page of the change's listings: those it cannot apply to first, then by listing. */
export async function findPriceChangeItems(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  changeId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<PriceChangeItem[]> {
  const rows = await db
    .selectFrom("listing_change_item as item")
    .innerJoin("listing", "listing.id", "item.listing_id")
    .select([
      "item.listing_id",
      "listing.title",
      "listing.currency",
      "listing.condition",
      "listing.epid",
      "item.old_value",
      "item.new_value",
      "item.problem",
      "item.outcome",
      "item.undo_outcome",
    ])
    .where("item.change_id", "=", changeId)
    .where("listing.seller_id", "=", sellerId)
    .orderBy((eb) => eb.case().when("item.problem", "is", null).then(1).else(0).end())
    .orderBy("item.listing_id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    listingId: row.listing_id,
    title: row.title,
    currency: row.currency,
    condition: row.condition,
    epid: row.epid,
    oldPrice: row.old_value,
    newPrice: row.new_value,
    problem: row.problem as PriceProblem | null,
    outcome: row.outcome,
    undoOutcome: row.undo_outcome,
  }));
}

export interface ApplyResult {
  /** False when the change had been applied (or undone) before: this call wrote nothing. */
  wrote: boolean;
  summary: PriceChangeSummary;
}

/**
 * Writes the preview's new prices in one transaction. A listing whose price changed since the
 * preview keeps its price and is reported as a conflict. A change applied before applies nothing
 * more.
 */
export async function applyPriceChange(
  database: Database,
  sellerId: number,
  changeId: string,
  onProgress: OnProgress = () => {},
  now = Date.now(),
): Promise<ApplyResult> {
  const { db } = database;
  const wrote = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("listing_change")
      .set({ state: "applied", applied_at: now })
      .where("id", "=", changeId)
      .where("seller_id", "=", sellerId)
      .where("state", "=", "previewed")
      .where("created_at", ">=", now - PREVIEW_KEPT_MS)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const ids = await itemListingIds(trx, changeId, "new_value");
    await inChunks(ids, onProgress, async (chunk) => {
      await lockInOrder(trx, database, chunk);
      const written = await trx
        .updateTable("listing")
        .from("listing_change_item as item")
        .set((eb) => ({
          price: eb.ref("item.new_value").$castTo<number>(),
          price_version: eb("listing.price_version", "+", 1),
        }))
        .whereRef("item.listing_id", "=", "listing.id")
        .whereRef("listing.price_version", "=", "item.old_version")
        .where("item.change_id", "=", changeId)
        .where("listing.seller_id", "=", sellerId)
        .where("listing.id", "in", chunk)
        .returning("listing.id")
        .execute();
      await markOutcomes(trx, changeId, chunk, written, "outcome", ["applied", "conflict"]);
    });
    return true;
  });
  if (wrote) await clearSelectionOf(db, changeId);
  const summary = await findPriceChange(db, sellerId, changeId, now);
  if (!summary) throw new PriceChangeRefused(404, NO_SUCH_CHANGE);
  return { wrote, summary };
}

/**
 * Restores the prices the seller's last change replaced, within a day of it. A listing whose
 * price changed again since keeps its price and is reported.
 */
export async function undoPriceChange(
  database: Database,
  sellerId: number,
  changeId: string,
  onProgress: OnProgress = () => {},
  now = Date.now(),
): Promise<ApplyResult> {
  const { db } = database;
  const wrote = await db.transaction().execute(async (trx) => {
    if (!(await isLastChange(trx, sellerId, changeId))) return false;
    const claimed = await trx
      .updateTable("listing_change")
      .set({ state: "undone", undone_at: now })
      .where("id", "=", changeId)
      .where("seller_id", "=", sellerId)
      .where("state", "=", "applied")
      .where("applied_at", ">", now - UNDO_WINDOW_MS)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    const ids = await itemListingIds(trx, changeId, "applied");
    await inChunks(ids, onProgress, async (chunk) => {
      await lockInOrder(trx, database, chunk);
      const written = await trx
        .updateTable("listing")
        .from("listing_change_item as item")
        .set((eb) => ({ price: eb.ref("item.old_value"), price_version: eb("listing.price_version", "+", 1) }))
        .whereRef("item.listing_id", "=", "listing.id")
        .where((eb) => eb("listing.price_version", "=", eb("item.old_version", "+", 1)))
        .where("item.change_id", "=", changeId)
        .where("listing.seller_id", "=", sellerId)
        .where("listing.id", "in", chunk)
        .returning("listing.id")
        .execute();
      await markOutcomes(trx, changeId, chunk, written, "undo_outcome", ["restored", "changed_since"]);
    });
    return true;
  });
  const summary = await findPriceChange(db, sellerId, changeId, now);
  if (!summary) throw new PriceChangeRefused(404, NO_SUCH_CHANGE);
  const refused = !wrote && whyNotUndoable(summary);
  if (refused) throw refused;
  return { wrote, summary };
}

/**
 * Why a change cannot be undone now, or false if it can (or was undone already, which undoing
 * again leaves as it is). Asked again inside the undo: between the two, time or another change may
 * have ended its undo.
 */
export function whyNotUndoable(summary: PriceChangeSummary): PriceChangeRefused | false {
  const { state } = summary.change;
  if (state === "undone" || summary.undoableUntil !== null) return false;
  return new PriceChangeRefused(409, state === "previewed" ? "bulk.refused.notApplied" : "bulk.refused.undoOver");
}

/** Deletes a preview the seller no longer wants; an applied change stays (it is the listings' price history). */
export async function discardPreview(db: Kysely<DatabaseSchema>, sellerId: number, changeId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("listing_change")
      .where("id", "=", changeId)
      .where("seller_id", "=", sellerId)
      .where("state", "=", "previewed")
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) > 0)
      await trx.deleteFrom("listing_change_item").where("change_id", "=", changeId).execute();
  });
}

export interface PriceHistoryEntry {
  at: number;
  from: number;
  to: number;
  currency: string;
  changeId: string;
  /** The change in the seller's words; an undo says so. */
  by: string;
  undo: boolean;
}

/** The listing's price changes, newest first: each applied change, and each undo that restored it. */
export async function findPriceHistory(
  db: Kysely<DatabaseSchema>,
  { id: sellerId, locale }: { id: number; locale: string },
  listingId: number,
  text: Text,
  limit = 20,
): Promise<PriceHistoryEntry[]> {
  const rows = await db
    .selectFrom("listing_change_item as item")
    .innerJoin("listing_change as change", "change.id", "item.change_id")
    .innerJoin("listing", "listing.id", "item.listing_id")
    .select([
      "change.id",
      "change.kind",
      "change.amount",
      "change.ending",
      "change.applied_at",
      "change.undone_at",
      "item.old_value",
      "item.new_value",
      "item.undo_outcome",
      "listing.currency",
    ])
    .where("item.listing_id", "=", listingId)
    .where("change.seller_id", "=", sellerId)
    .where("item.outcome", "=", "applied")
    .orderBy("change.applied_at", "desc")
    .limit(limit)
    .execute();
  const entries: PriceHistoryEntry[] = [];
  for (const row of rows) {
    const change = toChange(row, locale, text);
    if (row.undo_outcome === "restored") {
      entries.push({
        at: Number(row.undone_at),
        from: row.new_value as number,
        to: row.old_value,
        currency: row.currency,
        changeId: row.id,
        by: change,
        undo: true,
      });
    }
    entries.push({
      at: Number(row.applied_at),
      from: row.old_value,
      to: row.new_value as number,
      currency: row.currency,
      changeId: row.id,
      by: change,
      undo: false,
    });
  }
  return entries.sort((a, b) => b.at - a.at).slice(0, limit);
}

/**
 * Whether text can be a change's id (16 random bytes in base64url, as previewPriceChange makes
 * them): anything else names no change and never reaches a query (PostgreSQL refuses text holding NUL).
 */
export function isChangeId(text: string): boolean {
  return /^[\w-]{22}$/.test(text);
}

export const NO_SUCH_CHANGE = "bulk.refused.noSuchChange" satisfies MessageKey;

/** The seller's last applied change as the listings page tells of it, while its undo window (24 hours) lasts. */
export interface LastPriceChange {
  id: string;
  change: PriceChange;
  state: "applied" | "undone";
  appliedAt: number;
  /** Until when it can be undone; null once undone. */
  undoableUntil: number | null;
}

/**
 * The change the seller applied last, if that was within the undo window: after an apply the
 * listings page says what it was, and offers its undo, so the seller need not find it again
 * through a listing's price history.
 */
export async function findLastPriceChange(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  now = Date.now(),
): Promise<LastPriceChange | null> {
  const row = await lastApplied(db, sellerId).selectAll().executeTakeFirst();
  const appliedAt = row?.applied_at === null || row === undefined ? undefined : Number(row.applied_at);
  if (!row || appliedAt === undefined || appliedAt <= now - UNDO_WINDOW_MS) return null;
  const { id, kind, amount, ending, state } = toRecord(row);
  return {
    id,
    change: { kind, amount, ...(ending !== undefined && { ending }) },
    state: state === "undone" ? "undone" : "applied",
    appliedAt,
    undoableUntil: state === "applied" ? appliedAt + UNDO_WINDOW_MS : null,
  };
}

/** A change as the seller's list of changes shows it. */
export interface ListedPriceChange {
  id: string;
  change: PriceChange;
  state: ListingChangeTable["state"];
  createdAt: number;
  appliedAt: number | null;
  undoneAt: number | null;
  /** Listings it gives a new price (a preview), or gave one (applied, then perhaps undone). */
  listings: number;
}

/**
 * One page of the seller's changes, newest first: applied and undone ones, and the previews
 * still kept (24 hours), so a change can be found again after its page is left.
 */
export async function findPriceChanges(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  { offset, limit }: { offset: number; limit: number },
  now = Date.now(),
): Promise<{ changes: ListedPriceChange[]; total: number }> {
  const kept = db
    .selectFrom("listing_change")
    .where("seller_id", "=", sellerId)
    .where((eb) => eb.or([eb("state", "!=", "previewed"), eb("created_at", ">=", now - PREVIEW_KEPT_MS)]));
  const [rows, counted] = await Promise.all([
    kept
      .selectAll("listing_change")
      .select((eb) =>
        eb
          .selectFrom("listing_change_item as item")
          .whereRef("item.change_id", "=", "listing_change.id")
          .where((items) =>
            items.or([
              items.and([items("listing_change.state", "=", "previewed"), items("item.new_value", "is not", null)]),
              items("item.outcome", "=", "applied"),
            ]),
          )
          .select((items) => items.fn.countAll<number>().as("listings"))
          .as("listings"),
      )
      // By when it took effect, as the list shows it: a preview applied later is newer than
      // a change applied meanwhile.
      .orderBy((eb) => eb.fn.coalesce("applied_at", "created_at"), "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset)
      .execute(),
    kept.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counted.total),
    changes: rows.map((row) => {
      const { id, kind, amount, ending, state, createdAt, appliedAt, undoneAt } = toRecord(row);
      return {
        id,
        change: { kind, amount, ...(ending !== undefined && { ending }) },
        state,
        createdAt,
        appliedAt,
        undoneAt,
        listings: Number(row.listings ?? 0),
      };
    }),
  };
}

/** The seller's change applied last, undone or not: the only one an undo may restore. */
function lastApplied(db: Kysely<DatabaseSchema>, sellerId: number) {
  return db
    .selectFrom("listing_change")
    .where("seller_id", "=", sellerId)
    .where("applied_at", "is not", null)
    .orderBy("applied_at", "desc")
    .orderBy("id", "desc")
    .limit(1);
}

async function isLastChange(db: Kysely<DatabaseSchema>, sellerId: number, changeId: string): Promise<boolean> {
  return (await lastApplied(db, sellerId).select("id").executeTakeFirst())?.id === changeId;
}

/** The listings of the change that have a new price (to apply), or whose new price was applied (to undo). */
async function itemListingIds(trx: Transaction<DatabaseSchema>, changeId: string, which: "new_value" | "applied") {
  const rows = await trx
    .selectFrom("listing_change_item")
    .select("listing_id")
    .where("change_id", "=", changeId)
    .$if(which === "new_value", (query) => query.where("new_value", "is not", null))
    .$if(which === "applied", (query) => query.where("outcome", "=", "applied"))
    .orderBy("listing_id")
    .execute();
  return rows.map((row) => row.listing_id);
}

async function inChunks(ids: number[], onProgress: OnProgress, write: (chunk: number[]) => Promise<void>) {
  onProgress({ done: 0, total: ids.length });
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    await write(chunk);
    onProgress({ done: start + chunk.length, total: ids.length });
    // node:sqlite answers synchronously, so without this the whole change would run in one turn of
    // the event loop and every other seller's request on this worker would wait for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * On PostgreSQL two changes of overlapping listings would lock rows in their plans' orders and
 * could deadlock; locking each chunk's rows by id first gives every writer the same order. SQLite
 * has one writer at a time.
 */
async function lockInOrder(trx: Transaction<DatabaseSchema>, { dialect }: Database, chunk: number[]) {
  if (dialect !== "postgres") return;
  await trx.selectFrom("listing").select("id").where("id", "in", chunk).orderBy("id").forUpdate().execute();
}

async function markOutcomes<Column extends "outcome" | "undo_outcome">(
  trx: Transaction<DatabaseSchema>,
  changeId: string,
  chunk: number[],
  written: Array<{ id: number }>,
  column: Column,
  [done, refused]: Column extends "outcome" ? ["applied", "conflict"] : ["restored", "changed_since"],
) {
  const writtenIds = new Set(written.map((row) => row.id));
  const groups: Array<[string, number[]]> = [
    [done, chunk.filter((id) => writtenIds.has(id))],
    [refused, chunk.filter((id) => !writtenIds.has(id))],
  ];
  for (const [value, ids] of groups) {
    if (ids.length === 0) continue;
    await trx
      .updateTable("listing_change_item")
      .set({ [column]: value })
      .where("change_id", "=", changeId)
      .where("listing_id", "in", ids)
      .execute();
  }
}

/** After a change is applied its listings leave the selection: the next change starts afresh. */
async function clearSelectionOf(db: Kysely<DatabaseSchema>, changeId: string) {
  await db
    .deleteFrom("listing_selection")
    .where("listing_id", "in", (eb) =>
      eb.selectFrom("listing_change_item").select("listing_id").where("change_id", "=", changeId),
    )
    .execute();
}

function toRecord(row: {
  id: string;
  kind: string;
  amount: number;
  ending: number | null;
  state: ListingChangeTable["state"];
  created_at: number;
  applied_at: number | null;
  undone_at: number | null;
}): PriceChangeRecord {
  return {
    id: row.id,
    kind: row.kind as PriceChange["kind"],
    amount: row.amount,
    ...(row.ending !== null && { ending: row.ending }),
    state: row.state,
    createdAt: Number(row.created_at),
    appliedAt: row.applied_at === null ? null : Number(row.applied_at),
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
  };
}

function toChange(row: { kind: string; amount: number; ending: number | null }, locale: string, text: Text): string {
  const kind = row.kind as PriceChange["kind"];
  return kind in PRICE_CHANGE_KINDS || kind === LISTING_PAGE_CHANGE || kind === FILE_CHANGE
    ? describePriceChange({ kind, amount: row.amount, ending: row.ending ?? undefined }, locale, text)
    : row.kind;
}
