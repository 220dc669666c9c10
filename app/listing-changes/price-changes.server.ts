import type { MessageKey, Text } from "~/i18n/language-text";
import { randomBytes } from "node:crypto";
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Transaction } from "kysely";
import type { Actor } from "~/activity/activity-kinds";
import { recordActivity } from "~/activity/activity.server";
import type { Database } from "~/db/database.server";
import { NO_SUCH_LISTING } from "~/listings/listing-id";
import type { ChangedField, DatabaseSchema, ListingChangeItemTable, ListingChangeTable } from "~/db/schema";
import {
  describePriceChange,
  FILE_CHANGE,
  LISTING_PAGE_CHANGE,
  newPriceOf,
  typedPriceOf,
  PRICE_CHANGE_KINDS,
  PRICE_PROBLEMS,
  type BulkChange,
  type PriceChange,
} from "./price-change";
import { isQuantityChange, isQuantityKind, newQuantityOf, QUANTITY_PROBLEMS, typedQuantityOf } from "./quantity-change";

/** Every field a change may write, in the order a change writes them. */
const CHANGED_FIELDS = ["price", "quantity"] as const satisfies readonly ChangedField[];

/**
 * Changes of listings' prices and quantities (decisions 075 and 085): a preview that writes
 * nothing to the listings, an apply that writes every value of the preview in one transaction or
 * none, and an undo of the seller's last change.
 *
 * A change holds an item per listing and field (`price`, `quantity`). Each write of a field is a
 * compare-and-set on the listing's version of it (`price_version`, `quantity_version`): a field
 * changed since the preview (for an apply) or since the change (for an undo) is left alone and
 * reported. The change's own state is a compare-and-set too, so a second submit of the same
 * change (a double click, a retry after a time-out, another instance) applies nothing more.
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

/** Listings of a change whose `field` cannot take it, for `problem` (a code of PRICE_PROBLEMS or QUANTITY_PROBLEMS). */
export interface ChangeProblem {
  field: ChangedField;
  problem: string;
  listings: number;
}

export interface PriceChangeSummary {
  change: PriceChangeRecord;
  /** The fields the change writes, or would: the words of its page follow them. */
  fields: ChangedField[];
  /** Listings the change gives a new value (before applying), or gave one (after). */
  changing: number;
  /** Listings the change cannot apply to, by field and reason. */
  problems: ChangeProblem[];
  /** The change's rows: one per listing and field it names. */
  items: number;
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
 * Reads the selected listings and stores each one's new price or quantity (or the reason it has
 * none) under a new change id. Writes nothing to the listings.
 */
export async function previewPriceChange(
  db: Kysely<DatabaseSchema>,
  { sellerId, sessionId }: { sellerId: number; sessionId: string },
  change: BulkChange,
  now = Date.now(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const listings = await trx
      .selectFrom("listing_selection")
      .innerJoin("listing", "listing.id", "listing_selection.listing_id")
      .select([
        "listing.id",
        "listing.price",
        "listing.price_version",
        "listing.quantity",
        "listing.quantity_version",
        "listing.currency",
        "listing.status",
      ])
      .where("listing_selection.session_id", "=", sessionId)
      .where("listing.seller_id", "=", sellerId)
      .orderBy("listing.id")
      .execute();
    if (listings.length === 0) throw new PriceChangeRefused(409, "bulk.refused.noneSelected");
    const items = listings.map((listing) => {
      if (isQuantityChange(change)) {
        const { quantity, problem } = newQuantityOf(listing, change);
        const read = { value: listing.quantity, version: listing.quantity_version };
        return itemOf(listing.id, "quantity", read, quantity, problem);
      }
      const { price, problem } = newPriceOf(listing, change);
      return itemOf(listing.id, "price", { value: listing.price, version: listing.price_version }, price, problem);
    });
    return storePreview(trx, { sellerId, change, now }, items);
  });
}

/** A field's new value from a file, and the value and version the file was checked against. */
export interface FileValue {
  value: number;
  checkedValue: number;
  checkedVersion: number;
}

/** What one row of a file changes: its listing's price, its quantity, or both. */
export type FileChanges = Partial<Record<ChangedField, FileValue>>;

/**
 * Stores a preview of prices and quantities brought in from a file: each listing's new values
 * are its row's (or the reason a field cannot take its value, as for a bulk change), so that
 * applying it is the bulk change's apply, with its conflicts and its undo. Writes nothing to the
 * listings. Its old values and versions are those the file was checked against, not those read
 * now: checking a large file takes seconds, and a listing changed meanwhile (another tab, a bulk
 * change) must be a conflict at apply, not set back to a value decided before it. The listings
 * are the seller's own, checked when the file was read; one not theirs here is left out all the same.
 */
export async function previewFileChanges(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  changes: ReadonlyMap<number, FileChanges>,
  now = Date.now(),
): Promise<string> {
  const listingIds = [...changes.keys()].sort((a, b) => a - b);
  return db.transaction().execute(async (trx) => {
    const items: StoredItem[] = [];
    for (let start = 0; start < listingIds.length; start += CHUNK)
      for (const listing of await trx
        .selectFrom("listing")
        .select(["id", "currency", "status"])
        .where("seller_id", "=", sellerId)
        .where("id", "in", listingIds.slice(start, start + CHUNK))
        .orderBy("id")
        .execute()) {
        const { price, quantity } = changes.get(listing.id) as FileChanges;
        if (price) {
          const checked = { value: price.checkedValue, version: price.checkedVersion };
          const typed = typedPriceOf({ ...listing, price: price.checkedValue }, price.value);
          items.push(itemOf(listing.id, "price", checked, typed.price, typed.problem));
        }
        if (quantity) {
          const checked = { value: quantity.checkedValue, version: quantity.checkedVersion };
          const typed = typedQuantityOf({ ...listing, quantity: quantity.checkedValue }, quantity.value);
          items.push(itemOf(listing.id, "quantity", checked, typed.quantity, typed.problem));
        }
      }
    return storePreview(trx, { sellerId, change: { kind: FILE_CHANGE, amount: 0 }, now }, items);
  });
}

/** One listing's field in a change, as stored: its value and version as read, and its new value or the reason it has none. */
type StoredItem = Pick<
  Insertable<ListingChangeItemTable>,
  "listing_id" | "field" | "old_value" | "old_version" | "new_value" | "problem"
>;

function itemOf(
  listingId: number,
  field: ChangedField,
  read: { value: number; version: number },
  newValue: number | undefined,
  problem: string | undefined,
): StoredItem {
  return {
    listing_id: listingId,
    field,
    old_value: read.value,
    old_version: read.version,
    new_value: newValue ?? null,
    problem: problem ?? null,
  };
}

/**
 * A preview's change and its items under a new change id; then the seller's oldest unapplied
 * previews past the limit go. Writes nothing to the listings.
 */
async function storePreview(
  trx: Transaction<DatabaseSchema>,
  { sellerId, change, now }: { sellerId: number; change: PriceChange; now: number },
  items: StoredItem[],
): Promise<string> {
  const id = randomBytes(16).toString("base64url");
  await insertChange(trx, { id, sellerId, change, now }, { state: "previewed", memberId: null });
  for (let start = 0; start < items.length; start += CHUNK)
    await trx
      .insertInto("listing_change_item")
      .values(items.slice(start, start + CHUNK).map((item) => ({ ...item, change_id: id })))
      .execute();
  await forgetOldestPreviews(trx, sellerId);
  return id;
}

/**
 * A change's own row: a preview (whose member is whoever applies it), or a change applied as it is
 * made (a listing's page), with the member who made it.
 */
async function insertChange(
  trx: Transaction<DatabaseSchema>,
  { id, sellerId, change, now }: { id: string; sellerId: number; change: PriceChange; now: number },
  { state, memberId }: { state: "previewed"; memberId: null } | { state: "applied"; memberId: number },
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
      member_id: memberId,
    })
    .execute();
}

/** A value typed on a listing's page, and the version of its field the page showed. */
export interface ListingEdit {
  value: number;
  seenVersion: number;
}

/** What a listing's page sends: the fields the seller changed there. */
export type ListingEdits = Partial<Record<ChangedField, ListingEdit>>;

/** Why a listing's page cannot save one of its fields: the field, so the page can point at it, and the reason (a catalogue key). */
export class ListingEditRefused extends PriceChangeRefused {
  readonly field: ChangedField;
  constructor(status: 400 | 409, field: ChangedField, reason: MessageKey) {
    super(status, reason);
    this.field = field;
  }
}

/** A save that would end the undo of a change the page did not warn of: one applied since it was shown. */
export class UndoWouldEnd extends PriceChangeRefused {
  readonly last: LastPriceChange;
  constructor(last: LastPriceChange) {
    super(409, "listingPrice.refused.endsOtherUndo");
    this.last = last;
  }
}

const CHANGED_SINCE = {
  price: "listingPrice.refused.changedSince",
  quantity: "listingQuantity.refused.changedSince",
} as const satisfies Record<ChangedField, MessageKey>;

/**
 * Sets one listing's price, quantity or both from its page, as a change applied at once: each
 * field compared with the version the page showed (`seenVersion`), so a field changed since
 * (another tab, a bulk change, an import) is refused, never overwritten; kept with the bulk
 * changes, so it is in the listing's history and on the changes page, and undone as they are.
 * Writes everything or nothing.
 */
export async function changeListing(
  database: Database,
  by: Actor,
  listingId: number,
  edits: ListingEdits,
  now = Date.now(),
  /**
   * The change whose undo the page said this save ends ("" for none): another one now last is
   * refused (UndoWouldEnd), checked in the save's own transaction. Undefined: not checked.
   */
  warnedUndoEnds?: string,
): Promise<string> {
  const { sellerId } = by;
  const id = randomBytes(16).toString("base64url");
  const change: PriceChange = { kind: LISTING_PAGE_CHANGE, amount: edits.price?.value ?? 0 };
  await database.db.transaction().execute(async (trx) => {
    await ownedInOrder(trx, database, sellerId, [listingId]);
    if (warnedUndoEnds !== undefined) {
      const ends = await findUndoEndedBySave(trx, sellerId, listingId, now);
      if (ends && ends.id !== warnedUndoEnds) throw new UndoWouldEnd(ends);
    }
    const listing = await trx
      .selectFrom("listing")
      .select(["title", "price", "price_version", "quantity", "quantity_version", "currency", "status"])
      .where("id", "=", listingId)
      .where("seller_id", "=", sellerId)
      .executeTakeFirst();
    if (!listing) throw new PriceChangeRefused(404, NO_SUCH_LISTING);
    const items: StoredItem[] = [];
    for (const field of CHANGED_FIELDS) {
      const edit = edits[field];
      if (!edit) continue;
      const read = { value: listing[field], version: listing[`${field}_version`] };
      if (read.version !== edit.seenVersion) throw new ListingEditRefused(409, field, CHANGED_SINCE[field]);
      const problem = editProblem(listing, field, edit.value);
      if (problem === "ended") throw new PriceChangeRefused(409, PRICE_PROBLEMS.ended);
      if (problem) throw new ListingEditRefused(400, field, problem);
      items.push(itemOf(listingId, field, read, edit.value, undefined));
    }
    if (items.length === 0) throw new PriceChangeRefused(400, "listingPrice.refused.nothingChanged");
    await insertChange(trx, { id, sellerId, change, now }, { state: "applied", memberId: by.memberId });
    await trx
      .insertInto("listing_change_item")
      .values(items.map((item) => ({ ...item, change_id: id, outcome: "applied" as const })))
      .execute();
    const details = { changeId: id, change, listings: 1, listing: { id: listingId, title: listing.title } };
    await recordActivity(trx, by, "listing-change", details, now);
    // The versions were read in this transaction (on SQLite one begun IMMEDIATE, on PostgreSQL
    // with the row locked), so the write's own comparison is a second guard, not the first.
    for (const item of items) {
      const written = await trx
        .updateTable("listing")
        .set((eb) =>
          item.field === "price"
            ? { price: item.new_value as number, price_version: eb("price_version", "+", 1) }
            : { quantity: item.new_value as number, quantity_version: eb("quantity_version", "+", 1) },
        )
        .where("id", "=", listingId)
        .where(`${item.field}_version`, "=", item.old_version)
        .executeTakeFirst();
      if (Number(written.numUpdatedRows) !== 1)
        throw new ListingEditRefused(409, item.field, CHANGED_SINCE[item.field]);
      if (item.field === "quantity") await followStock(trx, [listingId]);
    }
  });
  return id;
}

/** Why a listing's field cannot take a typed value: "ended", or the reason's catalogue key; undefined when it can. */
function editProblem(
  listing: { price: number; quantity: number; currency: string; status: string },
  field: ChangedField,
  value: number,
): "ended" | MessageKey | undefined {
  if (listing.status === "ended") return "ended";
  if (field === "price") {
    const { problem } = typedPriceOf(listing, value);
    return problem && PRICE_PROBLEMS[problem];
  }
  const { problem } = typedQuantityOf(listing, value);
  return problem && QUANTITY_PROBLEMS[problem];
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
 * meanwhile in another tab keeps its rows, which are its listings' history and its undo. Used when a
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
  // Listings, not items: a listing whose price and quantity both change counts once. A listing
  // with one field written and the other refused counts as changed (applied, restored), not as
  // left alone: the change's rows say which field was.
  const items = db.selectFrom("listing_change_item as item").where("item.change_id", "=", changeId);
  const [counted, problems, fields] = await Promise.all([
    items
      .select((eb) => {
        const listingsWhere = (column: "problem" | "outcome" | "undo_outcome", value: string | null) =>
          eb.fn
            .count<number>(
              eb
                .case()
                .when(`item.${column}`, value === null ? "is" : "=", value)
                .then(eb.ref("item.listing_id"))
                .end(),
            )
            .distinct();
        const listingsWhen = (condition: Expression<SqlBool>) =>
          eb.fn.count<number>(eb.case().when(condition).then(eb.ref("item.listing_id")).end()).distinct();
        /** The other items of the same listing in this change. */
        const sameListing = () =>
          eb
            .selectFrom("listing_change_item as other")
            .select("other.listing_id")
            .whereRef("other.change_id", "=", "item.change_id")
            .whereRef("other.listing_id", "=", "item.listing_id");
        return [
          eb.fn.countAll<number>().as("items"),
          listingsWhere("problem", null).as("changing"),
          listingsWhere("outcome", "applied").as("applied"),
          // Left alone: a field refused, and none written.
          listingsWhen(
            eb.and([
              eb("item.outcome", "=", "conflict"),
              eb.not(eb.exists(sameListing().where("other.outcome", "=", "applied"))),
            ]),
          ).as("conflicts"),
          listingsWhere("undo_outcome", "restored").as("restored"),
          listingsWhen(
            eb.and([
              eb("item.undo_outcome", "=", "changed_since"),
              eb.not(eb.exists(sameListing().where("other.undo_outcome", "=", "restored"))),
            ]),
          ).as("changed_since"),
        ];
      })
      .executeTakeFirstOrThrow(),
    items
      .select((eb) => ["item.field", "item.problem", eb.fn.countAll<number>().as("listings")])
      .where("item.problem", "is not", null)
      .groupBy(["item.field", "item.problem"])
      .orderBy("item.field")
      .orderBy("item.problem")
      .execute(),
    // The fields the change can write; a field all of whose listings cannot take it is none.
    items.select(["item.field", "item.problem"]).distinct().execute(),
  ]);
  const writable = CHANGED_FIELDS.filter((field) => fields.some((found) => found.field === field && !found.problem));
  const summary: PriceChangeSummary = {
    change: toRecord(row),
    fields:
      writable.length > 0 ? writable : CHANGED_FIELDS.filter((field) => fields.some((found) => found.field === field)),
    changing: Number(counted.changing),
    items: Number(counted.items),
    problems: problems.map((group) => ({
      field: group.field,
      problem: group.problem as string,
      listings: Number(group.listings),
    })),
    applied: Number(counted.applied),
    conflicts: Number(counted.conflicts),
    restored: Number(counted.restored),
    changedSince: Number(counted.changed_since),
    undoableUntil: null,
  };
  if (row.state === "applied" && (await isLastChange(db, sellerId, changeId))) {
    const until = Number(row.applied_at) + UNDO_WINDOW_MS;
    if (until > now) summary.undoableUntil = until;
  }
  return summary;
}

export interface PriceChangeItem {
  listingId: number;
  field: ChangedField;
  title: string;
  currency: string;
  condition: string;
  epid: string;
  /** The field's value before: a price in minor units of `currency`, or a quantity. */
  oldValue: number;
  newValue: number | null;
  /** A code of PRICE_PROBLEMS or QUANTITY_PROBLEMS, as `field` says. */
  problem: string | null;
  outcome: "applied" | "conflict" | null;
  undoOutcome: "restored" | "changed_since" | null;
}

/** One page of the change's items: those it cannot apply to first, then by listing, its price before its quantity. */
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
      "item.field",
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
    .orderBy("item.field")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    listingId: row.listing_id,
    field: row.field,
    title: row.title,
    currency: row.currency,
    condition: row.condition,
    epid: row.epid,
    oldValue: row.old_value,
    newValue: row.new_value,
    problem: row.problem,
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
 * Writes the preview's new prices and quantities in one transaction. A field changed since the
 * preview keeps its value and is reported as a conflict. A change applied before applies nothing
 * more.
 */
export async function applyPriceChange(
  database: Database,
  by: Actor,
  changeId: string,
  onProgress: OnProgress = () => {},
  now = Date.now(),
): Promise<ApplyResult> {
  const { db } = database;
  const { sellerId } = by;
  const wrote = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("listing_change")
      .set({ state: "applied", applied_at: now, member_id: by.memberId })
      .where("id", "=", changeId)
      .where("seller_id", "=", sellerId)
      .where("state", "=", "previewed")
      .where("created_at", ">=", now - PREVIEW_KEPT_MS)
      .returning(["kind", "amount", "ending"])
      .executeTakeFirst();
    if (!claimed) return false;
    await writeItems(trx, database, { sellerId, changeId }, "apply", onProgress);
    const kind = claimed.kind === FILE_CHANGE ? "file-change" : "bulk-change";
    const listings = await countListings(trx, changeId, "apply");
    await recordActivity(trx, by, kind, { changeId, change: storedChange(claimed), listings }, now);
    return true;
  });
  if (wrote) await clearSelectionOf(db, changeId);
  const summary = await findPriceChange(db, sellerId, changeId, now);
  if (!summary) throw new PriceChangeRefused(404, NO_SUCH_CHANGE);
  return { wrote, summary };
}

/**
 * Restores the prices and quantities the seller's last change replaced, within a day of it. A
 * field changed again since keeps its value and is reported.
 */
export async function undoPriceChange(
  database: Database,
  by: Actor,
  changeId: string,
  onProgress: OnProgress = () => {},
  now = Date.now(),
): Promise<ApplyResult> {
  const { db } = database;
  const { sellerId } = by;
  const wrote = await db.transaction().execute(async (trx) => {
    if (!(await isLastChange(trx, sellerId, changeId))) return false;
    const claimed = await trx
      .updateTable("listing_change")
      .set({ state: "undone", undone_at: now, undone_by: by.memberId })
      .where("id", "=", changeId)
      .where("seller_id", "=", sellerId)
      .where("state", "=", "applied")
      .where("applied_at", ">", now - UNDO_WINDOW_MS)
      .returning(["kind", "amount", "ending"])
      .executeTakeFirst();
    if (!claimed) return false;
    await writeItems(trx, database, { sellerId, changeId }, "undo", onProgress);
    const listings = await countListings(trx, changeId, "undo");
    await recordActivity(trx, by, "undo", { changeId, change: storedChange(claimed), listings }, now);
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

/** Deletes a preview the seller no longer wants; an applied change stays (it is the listings' history). */
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

export interface ListingHistoryEntry {
  at: number;
  field: ChangedField;
  /** A price in minor units of `currency`, or a quantity, as `field` says. */
  from: number;
  to: number;
  currency: string;
  changeId: string;
  /** The change in the seller's words; an undo says so. */
  by: string;
  /** The member who applied it (or, for an undo, undid it), by name. */
  who: string | null;
  undo: boolean;
}

/**
 * The listing's changes of price and quantity, newest first, a row per field: each applied
 * change, and each undo that restored it. `locale` is the page's language's
 * (formattingLocaleOf), which writes the change's amounts; a seller row, whose `locale` is the
 * site's, does not fit.
 */
export async function findListingHistory(
  db: Kysely<DatabaseSchema>,
  { sellerId, locale }: { sellerId: number; locale: string },
  listingId: number,
  text: Text,
  limit = 20,
): Promise<ListingHistoryEntry[]> {
  const rows = await db
    .selectFrom("listing_change_item as item")
    .innerJoin("listing_change as change", "change.id", "item.change_id")
    .innerJoin("listing", "listing.id", "item.listing_id")
    .leftJoin("member as applier", "applier.id", "change.member_id")
    .leftJoin("member as undoer", "undoer.id", "change.undone_by")
    .select([
      "applier.display_name as applied_by",
      "undoer.display_name as undone_by",
      "change.id",
      "change.kind",
      "change.amount",
      "change.ending",
      "change.applied_at",
      "change.undone_at",
      "item.field",
      "item.old_value",
      "item.new_value",
      "item.undo_outcome",
      "listing.currency",
    ])
    .where("item.listing_id", "=", listingId)
    .where("change.seller_id", "=", sellerId)
    .where("item.outcome", "=", "applied")
    .orderBy("change.applied_at", "desc")
    // Two changes applied in the same millisecond (two instances) stay apart, each field by field.
    .orderBy("change.id", "desc")
    .orderBy("item.field")
    .limit(limit + 1)
    .execute();
  const entries: ListingHistoryEntry[] = [];
  for (const row of rows) {
    const change = toChange(row, locale, text);
    if (row.undo_outcome === "restored") {
      entries.push({
        at: Number(row.undone_at),
        field: row.field,
        from: row.new_value as number,
        to: row.old_value,
        currency: row.currency,
        changeId: row.id,
        by: change,
        who: row.undone_by,
        undo: true,
      });
    }
    entries.push({
      at: Number(row.applied_at),
      field: row.field,
      from: row.old_value,
      to: row.new_value as number,
      currency: row.currency,
      changeId: row.id,
      by: change,
      who: row.applied_by,
      undo: false,
    });
  }
  entries.sort((a, b) => b.at - a.at);
  // A change of both fields is two entries: one cut at the limit goes whole, never shown as half.
  const next = entries[limit];
  const sameStep = (entry: ListingHistoryEntry) =>
    next !== undefined && entry.changeId === next.changeId && entry.undo === next.undo;
  const shown = entries.slice(0, limit);
  // Unless the one change fills the whole history: then its first entries are all there is to show.
  return shown.every(sameStep) ? shown : shown.filter((entry) => !sameStep(entry));
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
 * through a listing's history.
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

/**
 * The seller's last change whose undo a save on this listing's page would end (only the last
 * change can be undone), while it can be undone; none when that change is this listing's own save
 * on its page (saving again ends no other change's undo).
 */
export async function findUndoEndedBySave(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  listingId: number,
  now = Date.now(),
): Promise<LastPriceChange | undefined> {
  const last = await findLastPriceChange(db, sellerId, now);
  if (!last || last.undoableUntil === null) return undefined;
  if (last.change.kind === LISTING_PAGE_CHANGE) {
    const own = await db
      .selectFrom("listing_change_item")
      .select("listing_id")
      .where("change_id", "=", last.id)
      .where("listing_id", "=", listingId)
      .executeTakeFirst();
    if (own) return undefined;
  }
  return last;
}

/** A change as the seller's list of changes shows it. */
export interface ListedPriceChange {
  id: string;
  change: PriceChange;
  state: ListingChangeTable["state"];
  createdAt: number;
  appliedAt: number | null;
  undoneAt: number | null;
  /** The member who applied it, by name; null for a preview. */
  appliedBy: string | null;
  /** The member who undid it, by name; null unless it was undone. */
  undoneBy: string | null;
  /** Listings it gives a new value (a preview), or gave one (applied, then perhaps undone). */
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
    .where("listing_change.seller_id", "=", sellerId)
    .where((eb) =>
      eb.or([
        eb("listing_change.state", "!=", "previewed"),
        eb("listing_change.created_at", ">=", now - PREVIEW_KEPT_MS),
      ]),
    );
  const [rows, counted] = await Promise.all([
    kept
      .leftJoin("member as applier", "applier.id", "listing_change.member_id")
      .leftJoin("member as undoer", "undoer.id", "listing_change.undone_by")
      .selectAll("listing_change")
      // Named apart from listing_change.undone_by, the member's id, which selectAll reads too.
      .select(["applier.display_name as applier_name", "undoer.display_name as undoer_name"])
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
          .select((items) => items.fn.count<number>("item.listing_id").distinct().as("listings"))
          .as("listings"),
      )
      // By when it took effect, as the list shows it: a preview applied later is newer than
      // a change applied meanwhile.
      .orderBy((eb) => eb.fn.coalesce("listing_change.applied_at", "listing_change.created_at"), "desc")
      .orderBy("listing_change.id", "desc")
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
        appliedBy: row.applier_name,
        undoneBy: row.undoer_name,
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

/**
 * The listings' status after their quantity was written (decision 085, amended), in the same
 * transaction: one on sale with none left is out of stock, and one out of stock that gets some is
 * on sale again, as the marketplace shows them; a scheduled listing, not on sale yet, keeps its
 * status. A quantity of 0 left the listing "Active", out of the Out of stock filter and the
 * overview's count (an audit of 2026-11-29). Undo writes the old quantity, and with it the status
 * it had.
 */
async function followStock(trx: Transaction<DatabaseSchema>, listingIds: number[]): Promise<void> {
  if (listingIds.length === 0) return;
  // Only the listings whose status changes are written: SQLite's tally trigger runs for a row whose
  // status is set, whatever its value (migration 0019), and most quantity writes change none.
  await trx
    .updateTable("listing")
    .set({ status: sql<string>`case when quantity = 0 then 'out_of_stock' else 'active' end` })
    .where("id", "in", listingIds)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "active"), eb("quantity", "=", 0)]),
        eb.and([eb("status", "=", "out_of_stock"), eb("quantity", ">", 0)]),
      ]),
    )
    .execute();
}

/**
 * Writes a change's items to their listings, CHUNK listings at a time: to apply, each field's new
 * value where the field's version is still the one the item was read at; to undo, its old value
 * where the version is still the apply's (one more). Each item is marked written or refused.
 */
async function writeItems(
  trx: Transaction<DatabaseSchema>,
  database: Database,
  { sellerId, changeId }: { sellerId: number; changeId: string },
  step: "apply" | "undo",
  onProgress: OnProgress,
) {
  const value = step === "apply" ? "item.new_value" : "item.old_value";
  await inChunks(
    await itemsToWrite(trx, changeId, step),
    onProgress,
    async (field, chunk, owned) => {
      const writable = chunk.filter((id) => owned.has(id));
      const written =
        writable.length === 0
          ? []
          : await trx
              .updateTable("listing")
              .from("listing_change_item as item")
              .set((eb) =>
                field === "price"
                  ? { price: eb.ref(value).$castTo<number>(), price_version: eb("listing.price_version", "+", 1) }
                  : {
                      quantity: eb.ref(value).$castTo<number>(),
                      quantity_version: eb("listing.quantity_version", "+", 1),
                    },
              )
              .whereRef("item.listing_id", "=", "listing.id")
              .where((eb) =>
                eb(
                  `listing.${field}_version`,
                  "=",
                  step === "apply" ? eb.ref("item.old_version") : eb("item.old_version", "+", 1),
                ),
              )
              .where("item.change_id", "=", changeId)
              .where("item.field", "=", field)
              .where("item.listing_id", "in", writable)
              .where("listing.id", "in", writable)
              .returning("listing.id")
              .execute();
      if (field === "quantity")
        await followStock(
          trx,
          written.map(({ id }) => id),
        );
      if (step === "apply")
        await markOutcomes(trx, { changeId, field, chunk, written }, "outcome", ["applied", "conflict"]);
      else await markOutcomes(trx, { changeId, field, chunk, written }, "undo_outcome", ["restored", "changed_since"]);
    },
    { lock: (chunk) => ownedInOrder(trx, database, sellerId, chunk) },
  );
}

/** Listings whose new value an apply wrote (or whose old value an undo restored), for the activity log. */
async function countListings(trx: Transaction<DatabaseSchema>, changeId: string, step: "apply" | "undo") {
  const { n } = await trx
    .selectFrom("listing_change_item")
    .select((eb) => eb.fn.count<number>("listing_id").distinct().as("n"))
    .where("change_id", "=", changeId)
    .$if(step === "apply", (query) => query.where("outcome", "=", "applied"))
    .$if(step === "undo", (query) => query.where("undo_outcome", "=", "restored"))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The items of the change with a new value (to apply), or whose new value was applied (to undo), by listing. */
async function itemsToWrite(trx: Transaction<DatabaseSchema>, changeId: string, purpose: "apply" | "undo") {
  return trx
    .selectFrom("listing_change_item")
    .select(["listing_id", "field"])
    .where("change_id", "=", changeId)
    .$if(purpose === "apply", (query) => query.where("new_value", "is not", null))
    .$if(purpose === "undo", (query) => query.where("outcome", "=", "applied"))
    .orderBy("listing_id")
    .execute();
}

/**
 * Writes the items CHUNK listings at a time, each chunk's rows locked in order first (`lock`
 * answers those that are the seller's), then each field's items of the chunk in one statement,
 * reporting progress in listings.
 */
async function inChunks(
  items: Array<{ listing_id: number; field: ChangedField }>,
  onProgress: OnProgress,
  write: (field: ChangedField, chunk: number[], owned: ReadonlySet<number>) => Promise<void>,
  { lock }: { lock: (chunk: number[]) => Promise<number[]> },
) {
  const listingIds = [...new Set(items.map((item) => item.listing_id))];
  const fieldsOf = Map.groupBy(items, (item) => item.listing_id);
  onProgress({ done: 0, total: listingIds.length });
  for (let start = 0; start < listingIds.length; start += CHUNK) {
    const chunk = listingIds.slice(start, start + CHUNK);
    const owned = new Set(await lock(chunk));
    for (const field of CHANGED_FIELDS) {
      const ids = chunk.filter((id) => fieldsOf.get(id)?.some((item) => item.field === field));
      if (ids.length > 0) await write(field, ids, owned);
    }
    onProgress({ done: start + chunk.length, total: listingIds.length });
    // node:sqlite answers synchronously, so without this the whole change would run in one turn of
    // the event loop and every other seller's request on this worker would wait for it.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Those of `listingIds` that are the seller's, in id order. On PostgreSQL their rows are locked in
 * that order: two changes of overlapping listings would otherwise lock rows in their plans' orders
 * and could deadlock (SQLite has one writer at a time).
 *
 * The seller is checked here, once per chunk, and not in the write: with `listing.seller_id` in
 * the `update … from listing_change_item`, PostgreSQL probed each listing through
 * `listing_seller_folded_title` (seller first, id last: the whole seller's range per probe) while
 * the tables had no statistics yet, as right after a preview of new rows. Measured with
 * `npm run bench:bulk-prices` on a fresh database: 52.6 s to apply 10,000 prices, 22 s for one
 * chunk of 500; without it the chunk takes 34 ms (`EXPLAIN ANALYZE`, listing_pkey per probe).
 */
async function ownedInOrder(
  trx: Transaction<DatabaseSchema>,
  { dialect }: Database,
  sellerId: number,
  listingIds: number[],
): Promise<number[]> {
  const owned = trx
    .selectFrom("listing")
    .select("id")
    .where("id", "in", listingIds)
    .where("seller_id", "=", sellerId)
    .orderBy("id");
  return (await (dialect === "postgres" ? owned.forUpdate() : owned).execute()).map((row) => row.id);
}

/** Marks each of the chunk's items of `field` as written or refused, as the statement's returned ids say. */
async function markOutcomes<Column extends "outcome" | "undo_outcome">(
  trx: Transaction<DatabaseSchema>,
  {
    changeId,
    field,
    chunk,
    written,
  }: { changeId: string; field: ChangedField; chunk: number[]; written: Array<{ id: number }> },
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
      .where("field", "=", field)
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

/** A stored change's choice, as the seller made it. */
function storedChange(row: { kind: string; amount: number; ending: number | null }): PriceChange {
  return {
    kind: row.kind as PriceChange["kind"],
    amount: row.amount,
    ...(row.ending !== null && { ending: row.ending }),
  };
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
  return kind in PRICE_CHANGE_KINDS || isQuantityKind(kind) || kind === LISTING_PAGE_CHANGE || kind === FILE_CHANGE
    ? describePriceChange({ kind, amount: row.amount, ending: row.ending ?? undefined }, locale, text)
    : row.kind;
}
