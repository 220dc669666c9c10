import { textOfLanguage } from "~/i18n/catalogues.server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL, TEST_DIALECTS } from "../../test/databases";
import { insertMember, insertSeller, insertSellerBeforeMembers, ownerOf, testListing } from "../../test/listings";
import { sql } from "kysely";
import { migrate, openDatabase, type Database } from "~/db/database.server";
import type { NewListing } from "~/db/schema";
import { changeSelection, countSelected, selectAllMatching, MAX_SELECTION } from "./listing-selection.server";
import {
  MAX_PRICE,
  newPriceOf,
  PRICE_CHANGE_KINDS,
  typedPriceOf,
  type BulkPriceChange,
  type PriceChangeKind,
} from "./price-change";
import { MAX_QUANTITY, typedQuantityOf } from "./quantity-change";
import {
  applyPriceChange,
  changeListing,
  discardPreview,
  findPriceChange,
  findLastPriceChange,
  findPriceChangeItems,
  findPriceChanges,
  findListingHistory,
  previewFileChanges,
  previewPriceChange,
  undoPriceChange,
  type FileChanges,
  type ListingEdits,
  PREVIEW_KEPT_MS,
  PREVIEWS_KEPT_PER_SELLER,
  UNDO_WINDOW_MS,
  type Progress,
} from "./price-changes.server";
import { parseListingFilters } from "~/listings/listing-filters";

const HOUR = 60 * 60 * 1000;
const english = textOfLanguage("en-US").text;

async function addListings(database: Database, sellerId: number, listings: Array<Partial<NewListing>>) {
  const ids: number[] = [];
  // In statements of 500 rows: SQLite takes a limited number of variables per statement.
  for (let start = 0; start < listings.length; start += 500) {
    const rows = await database.db
      .insertInto("listing")
      .values(listings.slice(start, start + 500).map((fields) => testListing(sellerId, fields)))
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const pricesOf = async ({ db }: Database, ids: number[]) =>
  Object.fromEntries(
    (await db.selectFrom("listing").select(["id", "price"]).where("id", "in", ids).execute()).map((row) => [
      row.id,
      row.price,
    ]),
  );

const quantitiesOf = async ({ db }: Database, ids: number[]) =>
  Object.fromEntries(
    (await db.selectFrom("listing").select(["id", "quantity"]).where("id", "in", ids).execute()).map((row) => [
      row.id,
      row.quantity,
    ]),
  );

/** A quantity changed elsewhere (another tab, another change), as the hub writes one: its version moves. */
const setQuantity = ({ db }: Database, id: number, quantity: number) =>
  db
    .updateTable("listing")
    .set((eb) => ({ quantity, quantity_version: eb("quantity_version", "+", 1) }))
    .where("id", "=", id)
    .execute();

const versionsOf = async ({ db }: Database, id: number) => {
  const { price_version: price, quantity_version: quantity } = await db
    .selectFrom("listing")
    .select(["price_version", "quantity_version"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { price, quantity };
};

const setPrice = ({ db }: Database, id: number, price: number) =>
  db
    .updateTable("listing")
    .set((eb) => ({ price, price_version: eb("price_version", "+", 1) }))
    .where("id", "=", id)
    .execute();

describe.each(TEST_DIALECTS)("bulk price changes on $name", (dialect) => {
  let database: Database;
  let seller: number;
  let other: number;
  let session = 0;
  /** Each test selects in a session of its own. */
  const newSession = () => ({ sessionId: `session-${++session}`, sellerId: seller });

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "alice");
    other = await insertSeller(database.db, "bob");
  });
  afterAll(() => database.close());

  it("previews without writing a price, applies the preview exactly, and undoes it exactly", async () => {
    const ids = await addListings(database, seller, [
      { price: 1999 },
      { price: 500 },
      { price: 2500, status: "ended" },
    ]);
    const who = newSession();
    await changeSelection(database, who, { select: ids, unselect: [] });
    const change: BulkPriceChange = { kind: "lower_amount", amount: 500, ending: 99 };
    const changeId = await previewPriceChange(database.db, who, change);

    expect(await pricesOf(database, ids)).toEqual({ [ids[0]!]: 1999, [ids[1]!]: 500, [ids[2]!]: 2500 });
    const preview = await findPriceChange(database.db, seller, changeId);
    expect(preview).toMatchObject({ changing: 1, fields: ["price"], undoableUntil: null });
    expect(preview?.problems).toHaveLength(2);
    expect(preview?.problems).toEqual(
      expect.arrayContaining([
        { field: "price", problem: "not_positive", listings: 1 },
        { field: "price", problem: "ended", listings: 1 },
      ]),
    );
    const items = await findPriceChangeItems(database.db, seller, changeId, { offset: 0, limit: 50 });
    // Those the change cannot apply to come first, with their reasons.
    expect(items.map((item) => [item.problem, item.newValue])).toEqual([
      ["not_positive", null],
      ["ended", null],
      [null, 1499],
    ]);

    const progress: Progress[] = [];
    const applied = await applyPriceChange(database, await ownerOf(database, seller), changeId, (step) =>
      progress.push(step),
    );
    expect(applied.wrote).toBe(true);
    expect(progress.at(-1)).toEqual({ done: 1, total: 1 });
    expect(await pricesOf(database, ids)).toEqual({ [ids[0]!]: 1499, [ids[1]!]: 500, [ids[2]!]: 2500 });
    expect(applied.summary).toMatchObject({ applied: 1, conflicts: 0 });
    expect(applied.summary.undoableUntil).toBeGreaterThan(Date.now());
    // Applying takes the listings out of the selection.
    expect(await countSelected(database.db, who.sessionId)).toBe(0);

    const undone = await undoPriceChange(database, await ownerOf(database, seller), changeId);
    expect(undone.summary).toMatchObject({ restored: 1, changedSince: 0, undoableUntil: null });
    expect(await pricesOf(database, ids)).toEqual({ [ids[0]!]: 1999, [ids[1]!]: 500, [ids[2]!]: 2500 });

    const history = await findListingHistory(
      database.db,
      { sellerId: seller, locale: "en-US" },
      ids[0]!,
      textOfLanguage("en-US").text,
    );
    expect(history.map(({ from, to, undo, by }) => ({ from, to, undo, by }))).toEqual([
      { from: 1499, to: 1999, undo: true, by: "Lower by 5, rounded to end in .99" },
      { from: 1999, to: 1499, undo: false, by: "Lower by 5, rounded to end in .99" },
    ]);
  });

  it("keeps an amount as large as the highest price in yen, which is no whole number of cents in 32 bits", async () => {
    // ¥99,999,999 is 9,999,999,900 hundredths: a JPY seller's "set price to ¥30,000,000" failed
    // on PostgreSQL's integer with a 500 (an audit of 2026-11-29).
    const ids = await addListings(database, seller, [
      { price: 1_500, currency: "JPY" },
      { price: 45_000_000, currency: "JPY" },
    ]);
    const who = newSession();
    await changeSelection(database, who, { select: ids, unselect: [] });
    const changeId = await previewPriceChange(database.db, who, { kind: "set_price", amount: 3_000_000_000 });
    const preview = await findPriceChange(database.db, seller, changeId);
    expect(preview).toMatchObject({ change: { kind: "set_price", amount: 3_000_000_000 }, changing: 2 });
    await applyPriceChange(database, await ownerOf(database, seller), changeId, () => {});
    expect(await pricesOf(database, ids)).toEqual({ [ids[0]!]: 30_000_000, [ids[1]!]: 30_000_000 });

    // Applying took them out of the selection.
    await changeSelection(database, who, { select: ids, unselect: [] });
    const raise = await previewPriceChange(database.db, who, { kind: "raise_amount", amount: MAX_PRICE * 100 });
    expect(await findPriceChange(database.db, seller, raise)).toMatchObject({
      change: { amount: MAX_PRICE * 100 },
      changing: 0,
      problems: [{ field: "price", problem: "above_maximum", listings: 2 }],
    });
  });

  it("applies a second submit of the same change nothing more", async () => {
    const [id] = await addListings(database, seller, [{ price: 1000 }]);
    const who = newSession();
    await changeSelection(database, who, { select: [id!], unselect: [] });
    const changeId = await previewPriceChange(database.db, who, { kind: "raise_percent", amount: 1000 });
    const [first, second] = await Promise.all([
      applyPriceChange(database, await ownerOf(database, seller), changeId),
      applyPriceChange(database, await ownerOf(database, seller), changeId),
    ]);
    expect([first.wrote, second.wrote].sort()).toEqual([false, true]);
    expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1100 });
    const again = await applyPriceChange(database, await ownerOf(database, seller), changeId);
    expect(again).toMatchObject({ wrote: false, summary: { applied: 1 } });
    expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1100 });
  });

  it("applies no preview older than it is kept (24 hours): it is gone, as housekeeping would make it", async () => {
    const [id] = await addListings(database, seller, [{ price: 1000 }]);
    const who = newSession();
    await changeSelection(database, who, { select: [id!], unselect: [] });
    const madeAt = Date.now() - PREVIEW_KEPT_MS - 1;
    const changeId = await previewPriceChange(database.db, who, { kind: "raise_percent", amount: 1000 }, madeAt);
    expect(await findPriceChange(database.db, seller, changeId)).toBeUndefined();
    await expect(applyPriceChange(database, await ownerOf(database, seller), changeId)).rejects.toMatchObject({
      status: 404,
    });
    expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1000 });
  });

  it("leaves a price changed since the preview alone and reports it; undo keeps one changed since", async () => {
    const [kept, changed, later] = await addListings(database, seller, [
      { price: 1000 },
      { price: 1000 },
      { price: 1000 },
    ]);
    const who = newSession();
    await changeSelection(database, who, { select: [kept!, changed!, later!], unselect: [] });
    const changeId = await previewPriceChange(database.db, who, { kind: "set_price", amount: 1500 });
    // Changed and changed back: still a change the preview did not see.
    await setPrice(database, changed!, 1200);
    await setPrice(database, changed!, 1000);
    const { summary } = await applyPriceChange(database, await ownerOf(database, seller), changeId);
    expect(summary).toMatchObject({ applied: 2, conflicts: 1 });
    expect(await pricesOf(database, [kept!, changed!, later!])).toEqual({
      [kept!]: 1500,
      [changed!]: 1000,
      [later!]: 1500,
    });

    await setPrice(database, later!, 1800);
    const undone = await undoPriceChange(database, await ownerOf(database, seller), changeId);
    expect(undone.summary).toMatchObject({ restored: 1, changedSince: 1 });
    expect(await pricesOf(database, [kept!, changed!, later!])).toEqual({
      [kept!]: 1000,
      [changed!]: 1000,
      [later!]: 1800,
    });
  });

  it("undoes only the seller's last change, and only within a day", async () => {
    const [id] = await addListings(database, seller, [{ price: 1000 }]);
    const change = async (at: number) => {
      const who = newSession();
      await changeSelection(database, who, { select: [id!], unselect: [] });
      const changeId = await previewPriceChange(database.db, who, { kind: "raise_amount", amount: 100 }, at);
      await applyPriceChange(database, await ownerOf(database, seller), changeId, undefined, at);
      return changeId;
    };
    const now = Date.now() + 10 * HOUR;
    const earlier = await change(now);
    const last = await change(now + 1);
    await expect(
      undoPriceChange(database, await ownerOf(database, seller), earlier, undefined, now + 2),
    ).rejects.toMatchObject({
      status: 409,
      reason: "bulk.refused.undoOver",
    });
    await expect(
      undoPriceChange(database, await ownerOf(database, seller), last, undefined, now + 1 + UNDO_WINDOW_MS),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1200 });
    await undoPriceChange(database, await ownerOf(database, seller), last, undefined, now + 2);
    expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1100 });
  });

  it("keeps each seller to their own listings and changes", async () => {
    const [theirs] = await addListings(database, other, [{ price: 1000 }]);
    const [mine] = await addListings(database, seller, [{ price: 1000 }]);
    const who = newSession();
    await changeSelection(database, who, { select: [theirs!, mine!], unselect: [] });
    expect(await countSelected(database.db, who.sessionId)).toBe(1);
    const changeId = await previewPriceChange(database.db, who, { kind: "set_price", amount: 2000 });
    expect(await findPriceChange(database.db, other, changeId)).toBeUndefined();
    await expect(applyPriceChange(database, await ownerOf(database, other), changeId)).rejects.toMatchObject({
      status: 404,
    });
    expect(await pricesOf(database, [theirs!, mine!])).toEqual({ [theirs!]: 1000, [mine!]: 1000 });
    await discardPreview(database.db, seller, changeId);
    expect(await findPriceChange(database.db, seller, changeId)).toBeUndefined();
  });

  it("selects every listing matching the filters across pages, up to the most one change takes", async () => {
    const seller2 = await insertSeller(database.db, `carol-${dialect.name}`);
    await addListings(
      database,
      seller2,
      Array.from({ length: 120 }, (_, index) => ({ price: 1000, status: index % 2 ? "active" : "ended" })),
    );
    const who = { sessionId: "select-all", sellerId: seller2 };
    const filters = parseListingFilters(new URLSearchParams("status=active"));
    expect(await selectAllMatching(database, who, filters)).toEqual({ ok: true, count: 60 });
    // Again: nothing is selected twice.
    expect(await selectAllMatching(database, who, filters)).toEqual({ ok: true, count: 60 });
    expect(await selectAllMatching(database, who, parseListingFilters(new URLSearchParams()))).toEqual({
      ok: true,
      count: 120,
    });
    expect(MAX_SELECTION).toBe(10_000);
  });

  it("refuses a selection past the limit whole: the page's unticks sent with it stay ticked", async () => {
    const full = await insertSeller(database.db, `full-${dialect.name}`);
    const ids = await addListings(
      database,
      full,
      Array.from({ length: MAX_SELECTION + 2 }, () => ({ price: 1000 })),
    );
    const who = { sessionId: "at-the-limit", sellerId: full };
    expect(await changeSelection(database, who, { select: ids.slice(0, MAX_SELECTION), unselect: [] })).toEqual({
      ok: true,
      count: MAX_SELECTION,
    });
    const refused = await changeSelection(database, who, {
      select: ids.slice(MAX_SELECTION),
      unselect: [ids[0] as number],
    });
    expect(refused).toMatchObject({ ok: false, count: MAX_SELECTION });
    expect(await countSelected(database.db, who.sessionId)).toBe(MAX_SELECTION);
  });

  it("lets no two selections of one session pass the limit together", async () => {
    const racer = await insertSeller(database.db, `racer-${dialect.name}`);
    await addListings(
      database,
      racer,
      Array.from({ length: 12_000 }, (_, index) => ({ price: 1000, status: index % 2 ? "active" : "ended" })),
    );
    const who = { sessionId: "racing", sellerId: racer };
    const [active, ended] = await Promise.all([
      selectAllMatching(database, who, parseListingFilters(new URLSearchParams("status=active"))),
      selectAllMatching(database, who, parseListingFilters(new URLSearchParams("status=ended"))),
    ]);
    expect([active.ok, ended.ok].toSorted()).toEqual([false, true]);
    expect(await countSelected(database.db, who.sessionId)).toBe(6_000);
  });

  it(`keeps a seller's newest ${PREVIEWS_KEPT_PER_SELLER} previews never applied, so previews cannot fill the database`, async () => {
    const previewer = await insertSeller(database.db, `previewer-${dialect.name}`);
    const [id] = await addListings(database, previewer, [{ price: 1000 }]);
    const who = { sessionId: "previewing", sellerId: previewer };
    await changeSelection(database, who, { select: [id!], unselect: [] });
    const made: string[] = [];
    for (let amount = 1; amount <= PREVIEWS_KEPT_PER_SELLER + 3; amount++)
      made.push(await previewPriceChange(database.db, who, { kind: "raise_amount", amount }, 1_000 + amount));
    const kept = await database.db
      .selectFrom("listing_change")
      .select("id")
      .where("seller_id", "=", previewer)
      .execute();
    expect(kept.map((row) => row.id).toSorted()).toEqual(made.slice(3).toSorted());
    const items = await database.db
      .selectFrom("listing_change_item")
      .select("change_id")
      .where("change_id", "in", made.slice(0, 3))
      .execute();
    expect(items).toEqual([]);
  });

  it("tells of the seller's last applied change for 24 hours, with its undo while it lasts", async () => {
    const teller = await insertSeller(database.db, `teller-${dialect.name}`);
    const [id] = await addListings(database, teller, [{ price: 1000 }]);
    const who = { sessionId: "telling", sellerId: teller };
    expect(await findLastPriceChange(database.db, teller)).toBeNull();
    await changeSelection(database, who, { select: [id!], unselect: [] });
    const appliedAt = Date.now() - HOUR;
    const changeId = await previewPriceChange(database.db, who, { kind: "raise_percent", amount: 1000 }, appliedAt);
    await applyPriceChange(database, await ownerOf(database, teller), changeId, () => {}, appliedAt);
    expect(await findLastPriceChange(database.db, teller)).toEqual({
      id: changeId,
      change: { kind: "raise_percent", amount: 1000 },
      state: "applied",
      appliedAt,
      undoableUntil: appliedAt + UNDO_WINDOW_MS,
    });
    await undoPriceChange(database, await ownerOf(database, teller), changeId);
    expect(await findLastPriceChange(database.db, teller)).toMatchObject({ state: "undone", undoableUntil: null });
    expect(await findLastPriceChange(database.db, teller, appliedAt + UNDO_WINDOW_MS)).toBeNull();
  });

  it("lists the seller's changes newest first: applied, undone, and previews while they are kept", async () => {
    const lister = await insertSeller(database.db, `lister-${dialect.name}`);
    const ids = await addListings(database, lister, [
      { price: 1000 },
      { price: 2000 },
      { price: 3000, status: "ended" },
    ]);
    const who = { sessionId: "listing-changes", sellerId: lister };
    // An apply clears the selection: each change selects the three again.
    const preview = async (change: BulkPriceChange, now?: number) => {
      await changeSelection(database, who, { select: ids, unselect: [] });
      return previewPriceChange(database.db, who, change, now);
    };
    const start = Date.now() - 30 * HOUR;
    // Undone, then applied, then a preview past its 24 hours, then a preview still kept.
    const undone = await preview({ kind: "raise_amount", amount: 100 }, start);
    // A manager applied it, the owner undid it: the list names each.
    const manager = await insertMember(database.db, lister, {
      username: `zoe-${dialect.name}`,
      displayName: "Zoë Ñúñez",
    });
    await applyPriceChange(database, manager, undone, () => {}, start);
    await undoPriceChange(database, await ownerOf(database, lister), undone, () => {}, start + HOUR);
    const applied = await preview({ kind: "set_price", amount: 1500 }, start + 2 * HOUR);
    await applyPriceChange(database, await ownerOf(database, lister), applied, () => {}, start + 2 * HOUR);
    await preview({ kind: "lower_percent", amount: 500 }, start + 3 * HOUR);
    const kept = await preview({ kind: "raise_percent", amount: 1250, ending: 99 });
    // Another seller's change is not theirs to see.
    const [others] = await addListings(database, other, [{ price: 1000 }]);
    const elsewhere = { sessionId: "other-changes", sellerId: other };
    await changeSelection(database, elsewhere, { select: [others!], unselect: [] });
    await previewPriceChange(database.db, elsewhere, { kind: "raise_amount", amount: 100 });

    const { changes, total } = await findPriceChanges(database.db, lister, { offset: 0, limit: 10 });
    expect(total).toBe(3);
    expect(changes.map(({ id, state, listings }) => ({ id, state, listings }))).toEqual([
      // Two listings take the change; the ended one cannot.
      { id: kept, state: "previewed", listings: 2 },
      { id: applied, state: "applied", listings: 2 },
      { id: undone, state: "undone", listings: 2 },
    ]);
    expect(changes[1]).toMatchObject({
      change: { kind: "set_price", amount: 1500 },
      createdAt: start + 2 * HOUR,
      appliedAt: start + 2 * HOUR,
      undoneAt: null,
    });
    expect(changes[2]).toMatchObject({
      appliedAt: start,
      undoneAt: start + HOUR,
      appliedBy: "Zoë Ñúñez",
      undoneBy: `lister-${dialect.name}`,
    });
    expect(changes[1]).toMatchObject({ appliedBy: `lister-${dialect.name}`, undoneBy: null });
    // A preview was applied by no one yet.
    expect(changes[0]).toMatchObject({ appliedBy: null, undoneBy: null });
    expect(changes[0]?.change).toEqual({ kind: "raise_percent", amount: 1250, ending: 99 });

    const second = await findPriceChanges(database.db, lister, { offset: 2, limit: 2 });
    expect(second).toEqual({ total: 3, changes: [changes[2]] });
  });

  it("lists changes by when they took effect: a preview applied later comes before a change applied meanwhile", async () => {
    const late = await insertSeller(database.db, `late-${dialect.name}`);
    const ids = await addListings(database, late, [{ price: 1000 }]);
    const who = { sessionId: "late-changes", sellerId: late };
    const now = Date.now();
    await changeSelection(database, who, { select: ids, unselect: [] });
    const first = await previewPriceChange(database.db, who, { kind: "raise_amount", amount: 100 }, now - 3 * HOUR);
    await changeSelection(database, who, { select: ids, unselect: [] });
    const second = await previewPriceChange(database.db, who, { kind: "raise_amount", amount: 200 }, now - 2 * HOUR);
    await applyPriceChange(database, await ownerOf(database, late), second, () => {}, now - 2 * HOUR);
    await applyPriceChange(database, await ownerOf(database, late), first, () => {}, now - HOUR);

    const { changes } = await findPriceChanges(database.db, late, { offset: 0, limit: 10 }, now);
    expect(changes.map(({ id, appliedAt }) => ({ id, appliedAt }))).toEqual([
      { id: first, appliedAt: now - HOUR },
      { id: second, appliedAt: now - 2 * HOUR },
    ]);
  });

  it("refuses a preview of nothing selected", async () => {
    await expect(
      previewPriceChange(database.db, newSession(), { kind: "raise_amount", amount: 100 }),
    ).rejects.toMatchObject({
      status: 409,
      reason: "bulk.refused.noneSelected",
    });
  });

  it("agrees with the preview for any prices and any change, and undo restores every price exactly", async () => {
    // A seller of its own: the other tests' changes, applied later on the clock, would be the last.
    const owner = await insertSeller(database.db, "erin");
    const kinds = Object.keys(PRICE_CHANGE_KINDS) as PriceChangeKind[];
    const changeArbitrary = fc
      .record({
        kind: fc.constantFrom(...kinds),
        amount: fc.integer({ min: 1, max: 99_999_999 }),
        ending: fc.option(fc.constantFrom(99, 95, 49, 0), { nil: undefined }),
      })
      .map(({ kind, amount, ending }): BulkPriceChange => ({
        kind,
        amount:
          kind === "lower_percent"
            ? Math.min(amount, 9_999)
            : kind === "raise_percent"
              ? Math.min(amount, 100_000)
              : amount,
        ...(ending !== undefined && { ending }),
      }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 99_999_999 }),
            ended: fc.boolean(),
            // Currencies with 0, 2 and 3 decimals: the rule works in each listing's own minor units.
            currency: fc.constantFrom("JPY", "USD", "KWD"),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        changeArbitrary,
        async (listings, change) => {
          const ids = await addListings(
            database,
            owner,
            listings.map(({ price, ended, currency }) => ({ price, currency, status: ended ? "ended" : "active" })),
          );
          const before = await pricesOf(database, ids);
          const who = { sessionId: `property-${++session}`, sellerId: owner };
          await changeSelection(database, who, { select: ids, unselect: [] });
          const changeId = await previewPriceChange(database.db, who, change);
          const items = await findPriceChangeItems(database.db, owner, changeId, { offset: 0, limit: 100 });
          await applyPriceChange(database, await ownerOf(database, owner), changeId);
          const after = await pricesOf(database, ids);
          for (const item of items) {
            expect(after[item.listingId]).toBe(item.newValue ?? item.oldValue);
            expect(after[item.listingId]).toBeGreaterThanOrEqual(1);
          }
          // The preview is the pure rule, listing by listing.
          for (const [index, id] of ids.entries()) {
            const { price, currency, ended } = listings[index]!;
            const expected = newPriceOf({ price, currency, status: ended ? "ended" : "active" }, change);
            expect(after[id]).toBe(expected.price ?? listings[index]!.price);
          }
          await undoPriceChange(database, await ownerOf(database, owner), changeId);
          expect(await pricesOf(database, ids)).toEqual(before);
        },
      ),
      { numRuns: 25 },
    );
  });

  describe("one listing's quantity from its page, with or without its price", () => {
    it("writes the quantity alone, or both in one change; the history names each field, and undo restores both", async () => {
      // A seller of its own: the other tests' changes, applied later on the clock, would be the last.
      const owner = await insertSeller(database.db, "quinn");
      const [id] = await addListings(database, owner, [{ price: 1000, quantity: 5 }]);
      const now = Date.now();
      const alone = await changeListing(
        database,
        await ownerOf(database, owner),
        id!,
        { quantity: { value: 0, seenVersion: 0 } },
        now,
      );
      expect(await quantitiesOf(database, [id!])).toEqual({ [id!]: 0 });
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1000 });
      const both = await changeListing(
        database,
        await ownerOf(database, owner),
        id!,
        { price: { value: 1250, seenVersion: 0 }, quantity: { value: 999_999, seenVersion: 1 } },
        now + 1,
      );
      expect(await versionsOf(database, id!)).toEqual({ price: 1, quantity: 2 });
      const summary = await findPriceChange(database.db, owner, both, now + 2);
      expect(summary).toMatchObject({ fields: ["price", "quantity"], changing: 1, applied: 1, items: 2 });
      const history = await findListingHistory(database.db, { sellerId: owner, locale: "en-US" }, id!, english);
      expect(history.map(({ field, from, to, changeId }) => ({ field, from, to, changeId }))).toEqual([
        { field: "price", from: 1000, to: 1250, changeId: both },
        { field: "quantity", from: 0, to: 999_999, changeId: both },
        { field: "quantity", from: 5, to: 0, changeId: alone },
      ]);
      await undoPriceChange(database, await ownerOf(database, owner), both, undefined, now + 3);
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1000 });
      expect(await quantitiesOf(database, [id!])).toEqual({ [id!]: 0 });
    });

    it("shows a change of both fields whole at the history's limit, never half of it", async () => {
      const owner = await insertSeller(database.db, "kim");
      const [id] = await addListings(database, owner, [{ price: 1000, quantity: 5 }]);
      const now = Date.now();
      const first = await changeListing(
        database,
        await ownerOf(database, owner),
        id!,
        { price: { value: 1100, seenVersion: 0 }, quantity: { value: 6, seenVersion: 0 } },
        now,
      );
      const second = await changeListing(
        database,
        await ownerOf(database, owner),
        id!,
        { price: { value: 1200, seenVersion: 1 }, quantity: { value: 7, seenVersion: 1 } },
        now + 1,
      );
      const history = (limit: number) =>
        findListingHistory(database.db, { sellerId: owner, locale: "en-US" }, id!, english, limit);
      expect((await history(3)).map(({ changeId, field }) => [changeId, field])).toEqual([
        [second, "price"],
        [second, "quantity"],
      ]);
      expect(await history(4)).toHaveLength(4);
      expect((await history(4)).at(-1)).toMatchObject({ changeId: first, field: "quantity" });
    });

    it("refuses a quantity changed since the page showed it, naming the field, and writes nothing of the save", async () => {
      const [id] = await addListings(database, seller, [{ price: 1000, quantity: 5 }]);
      await setQuantity(database, id!, 4);
      const changesBefore = await database.db.selectFrom("listing_change").select("id").execute();
      await expect(
        changeListing(database, await ownerOf(database, seller), id!, {
          price: { value: 1100, seenVersion: 0 },
          quantity: { value: 9, seenVersion: 0 },
        }),
      ).rejects.toMatchObject({ status: 409, field: "quantity", reason: "listingQuantity.refused.changedSince" });
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1000 });
      expect(await quantitiesOf(database, [id!])).toEqual({ [id!]: 4 });
      expect(await database.db.selectFrom("listing_change").select("id").execute()).toEqual(changesBefore);
      // The price alone, as a page sends it when the seller left the quantity as shown, is written.
      await changeListing(database, await ownerOf(database, seller), id!, { price: { value: 1100, seenVersion: 0 } });
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1100 });
      expect(await quantitiesOf(database, [id!])).toEqual({ [id!]: 4 });
    });

    it("refuses a quantity below zero, above the most, unchanged, on an ended listing, and a save of nothing", async () => {
      const [ended, mine] = await addListings(database, seller, [{ quantity: 5, status: "ended" }, { quantity: 5 }]);
      const attempts: Array<[number, ListingEdits, object]> = [
        [mine!, { quantity: { value: -1, seenVersion: 0 } }, { status: 400, reason: "quantity.problem.belowZero" }],
        [
          mine!,
          { quantity: { value: MAX_QUANTITY + 1, seenVersion: 0 } },
          { status: 400, field: "quantity", reason: "quantity.problem.aboveMaximum" },
        ],
        [mine!, { quantity: { value: 5, seenVersion: 0 } }, { status: 400, reason: "quantity.problem.unchanged" }],
        [ended!, { quantity: { value: 7, seenVersion: 0 } }, { status: 409, reason: "bulk.problem.ended" }],
        [mine!, {}, { status: 400, reason: "listingPrice.refused.nothingChanged" }],
      ];
      for (const [id, edits, refusal] of attempts)
        await expect(changeListing(database, await ownerOf(database, seller), id, edits)).rejects.toMatchObject(
          refusal,
        );
      expect(await quantitiesOf(database, [ended!, mine!])).toEqual({ [ended!]: 5, [mine!]: 5 });
    });
  });

  describe("quantities in bulk", () => {
    it("previews, applies and undoes a change of quantities as a change of prices is; a quantity changed since is left alone", async () => {
      const owner = await insertSeller(database.db, "ines");
      const ids = await addListings(database, owner, [
        { quantity: 3 },
        { quantity: 1 },
        { quantity: 7, status: "ended" },
        { quantity: 10 },
      ]);
      const who = { sessionId: `quantities-${++session}`, sellerId: owner };
      await changeSelection(database, who, { select: ids, unselect: [] });
      const changeId = await previewPriceChange(database.db, who, { kind: "take_quantity", amount: 2 });
      expect(await quantitiesOf(database, ids)).toEqual({ [ids[0]!]: 3, [ids[1]!]: 1, [ids[2]!]: 7, [ids[3]!]: 10 });
      const preview = await findPriceChange(database.db, owner, changeId);
      expect(preview).toMatchObject({ fields: ["quantity"], changing: 2, items: 4 });
      expect(preview?.problems).toEqual([
        { field: "quantity", problem: "below_zero", listings: 1 },
        { field: "quantity", problem: "ended", listings: 1 },
      ]);
      const items = await findPriceChangeItems(database.db, owner, changeId, { offset: 0, limit: 10 });
      expect(items.map(({ field, oldValue, newValue, problem }) => [field, oldValue, newValue, problem])).toEqual([
        ["quantity", 1, null, "below_zero"],
        ["quantity", 7, null, "ended"],
        ["quantity", 3, 1, null],
        ["quantity", 10, 8, null],
      ]);
      // A sale, or another tab, takes the last listing's quantity before the apply; its price moves too.
      await setQuantity(database, ids[3]!, 9);
      await setPrice(database, ids[0]!, 1_111);
      const { summary } = await applyPriceChange(database, await ownerOf(database, owner), changeId);
      expect(summary).toMatchObject({ applied: 1, conflicts: 1 });
      expect(await quantitiesOf(database, ids)).toEqual({ [ids[0]!]: 1, [ids[1]!]: 1, [ids[2]!]: 7, [ids[3]!]: 9 });
      // A price changed meanwhile is no conflict for a change of quantities, and is left as it is.
      expect((await pricesOf(database, [ids[0]!]))[ids[0]!]).toBe(1_111);
      const [last] = (await findPriceChanges(database.db, owner, { offset: 0, limit: 1 })).changes;
      expect(last).toMatchObject({ id: changeId, listings: 1, change: { kind: "take_quantity", amount: 2 } });
      await undoPriceChange(database, await ownerOf(database, owner), changeId);
      expect(await quantitiesOf(database, ids)).toEqual({ [ids[0]!]: 3, [ids[1]!]: 1, [ids[2]!]: 7, [ids[3]!]: 9 });
      const history = await findListingHistory(database.db, { sellerId: owner, locale: "en-US" }, ids[0]!, english);
      expect(history.map(({ field, from, to, undo, by }) => ({ field, from, to, undo, by }))).toEqual([
        { field: "quantity", from: 1, to: 3, undo: true, by: "Take 2 off the quantity" },
        { field: "quantity", from: 3, to: 1, undo: false, by: "Take 2 off the quantity" },
      ]);
    });
  });

  describe("a listing's status with its quantity", () => {
    const statusesOf = async (ids: number[]) =>
      Object.fromEntries(
        (await database.db.selectFrom("listing").select(["id", "status"]).where("id", "in", ids).execute()).map(
          (row) => [row.id, row.status],
        ),
      );

    it("goes out of stock at none and back to active when restocked, in bulk and on its page, and back again on undo", async () => {
      // An audit of 2026-11-29: a quantity set to 0 left the listing "Active", out of the Out of
      // stock filter and the overview's count; a restocked one stayed "Out of stock".
      const owner = await insertSeller(database.db, "olga");
      const ids = await addListings(database, owner, [
        { quantity: 3, status: "active" },
        { quantity: 0, status: "out_of_stock" },
        { quantity: 4, status: "scheduled" },
      ]);
      const who = { sessionId: `stock-${++session}`, sellerId: owner };
      await changeSelection(database, who, { select: ids.slice(0, 1), unselect: [] });
      const none = await previewPriceChange(database.db, who, { kind: "set_quantity", amount: 0 });
      await applyPriceChange(database, await ownerOf(database, owner), none);
      expect(await statusesOf(ids)).toEqual({
        [ids[0]!]: "out_of_stock",
        [ids[1]!]: "out_of_stock",
        [ids[2]!]: "scheduled",
      });

      await changeSelection(database, who, { select: ids, unselect: [] });
      const restock = await previewPriceChange(database.db, who, { kind: "add_quantity", amount: 5 });
      await applyPriceChange(database, await ownerOf(database, owner), restock);
      // A scheduled listing keeps its status: it is not on sale yet, whatever its stock.
      expect(await statusesOf(ids)).toEqual({ [ids[0]!]: "active", [ids[1]!]: "active", [ids[2]!]: "scheduled" });
      await undoPriceChange(database, await ownerOf(database, owner), restock);
      expect(await statusesOf(ids)).toEqual({
        [ids[0]!]: "out_of_stock",
        [ids[1]!]: "out_of_stock",
        [ids[2]!]: "scheduled",
      });

      const { quantity: seenVersion } = await versionsOf(database, ids[1]!);
      await changeListing(database, await ownerOf(database, owner), ids[1]!, { quantity: { value: 2, seenVersion } });
      expect((await statusesOf([ids[1]!]))[ids[1]!]).toBe("active");
    });
  });

  describe("prices and quantities from a file", () => {
    it("words a change by the fields it can write: quantities none of whose listings can take them are no part of it", async () => {
      const owner = await insertSeller(database.db, "jonas");
      const [active, ended] = await addListings(database, owner, [{ price: 1000 }, { quantity: 2, status: "ended" }]);
      const changeId = await previewFileChanges(
        database.db,
        owner,
        new Map<number, FileChanges>([
          [active!, { price: { value: 1100, checkedValue: 1000, checkedVersion: 0 } }],
          [ended!, { quantity: { value: 5, checkedValue: 2, checkedVersion: 0 } }],
        ]),
      );
      expect(await findPriceChange(database.db, owner, changeId)).toMatchObject({
        fields: ["price"],
        changing: 1,
        problems: [{ field: "quantity", problem: "ended", listings: 1 }],
      });
    });

    it("applies exactly the preview for any file, and undo restores every price and quantity", async () => {
      const owner = await insertSeller(database.db, "fiona");
      const valueArbitrary = (max: number) => fc.option(fc.integer({ min: -2, max }), { nil: undefined });
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              price: fc.integer({ min: 1, max: MAX_PRICE }),
              quantity: fc.integer({ min: 0, max: MAX_QUANTITY }),
              ended: fc.boolean(),
              currency: fc.constantFrom("JPY", "USD", "KWD"),
              newPrice: valueArbitrary(MAX_PRICE + 1),
              newQuantity: valueArbitrary(MAX_QUANTITY + 1),
            }),
            { minLength: 1, maxLength: 12 },
          ),
          async (rows) => {
            const ids = await addListings(
              database,
              owner,
              rows.map(({ price, quantity, ended, currency }) => ({
                price,
                quantity,
                currency,
                status: ended ? "ended" : "active",
              })),
            );
            const before = { prices: await pricesOf(database, ids), quantities: await quantitiesOf(database, ids) };
            const changes = new Map<number, FileChanges>();
            for (const [index, id] of ids.entries()) {
              const { price, quantity, newPrice, newQuantity } = rows[index]!;
              const changed: FileChanges = {};
              if (newPrice !== undefined) changed.price = { value: newPrice, checkedValue: price, checkedVersion: 0 };
              if (newQuantity !== undefined)
                changed.quantity = { value: newQuantity, checkedValue: quantity, checkedVersion: 0 };
              if (changed.price || changed.quantity) changes.set(id, changed);
            }
            if (changes.size === 0) return;
            const changeId = await previewFileChanges(database.db, owner, changes);
            const items = await findPriceChangeItems(database.db, owner, changeId, { offset: 0, limit: 100 });
            // The preview is the typed values' rules, field by field.
            for (const item of items) {
              const row = rows[ids.indexOf(item.listingId)]!;
              const listing = { ...row, status: row.ended ? "ended" : "active" };
              const expected =
                item.field === "price"
                  ? typedPriceOf(listing, row.newPrice as number).price
                  : typedQuantityOf(listing, row.newQuantity as number).quantity;
              expect(item.newValue).toBe(expected ?? null);
            }
            await applyPriceChange(database, await ownerOf(database, owner), changeId);
            const after = { prices: await pricesOf(database, ids), quantities: await quantitiesOf(database, ids) };
            for (const item of items) {
              const written = item.field === "price" ? after.prices : after.quantities;
              expect(written[item.listingId]).toBe(item.newValue ?? item.oldValue);
            }
            for (const id of ids.filter((listingId) => !items.some((item) => item.listingId === listingId))) {
              expect(after.prices[id]).toBe(before.prices[id]);
              expect(after.quantities[id]).toBe(before.quantities[id]);
            }
            await undoPriceChange(database, await ownerOf(database, owner), changeId);
            expect({ prices: await pricesOf(database, ids), quantities: await quantitiesOf(database, ids) }).toEqual(
              before,
            );
          },
        ),
        { numRuns: 25 },
      );
    });

    it("leaves a quantity changed since the preview as it is, and applies the rest", async () => {
      const owner = await insertSeller(database.db, "gus");
      const [first, second] = await addListings(database, owner, [
        { price: 1000, quantity: 3 },
        { price: 2000, quantity: 8 },
      ]);
      const changeId = await previewFileChanges(
        database.db,
        owner,
        new Map<number, FileChanges>([
          [
            first!,
            {
              price: { value: 1100, checkedValue: 1000, checkedVersion: 0 },
              quantity: { value: 10, checkedValue: 3, checkedVersion: 0 },
            },
          ],
          [second!, { quantity: { value: 0, checkedValue: 8, checkedVersion: 0 } }],
        ]),
      );
      // A sale, or another tab, changes the first listing's quantity before the apply.
      await setQuantity(database, first!, 2);
      const { summary } = await applyPriceChange(database, await ownerOf(database, owner), changeId);
      // The first listing's price was written: it counts as changed, not as left alone; its rows say which.
      expect(summary).toMatchObject({ fields: ["price", "quantity"], changing: 2, items: 3, applied: 2, conflicts: 0 });
      expect(await pricesOf(database, [first!, second!])).toEqual({ [first!]: 1100, [second!]: 2000 });
      expect(await quantitiesOf(database, [first!, second!])).toEqual({ [first!]: 2, [second!]: 0 });
      const items = await findPriceChangeItems(database.db, owner, changeId, { offset: 0, limit: 10 });
      expect(items.map(({ listingId, field, outcome }) => [listingId, field, outcome])).toEqual([
        [first, "price", "applied"],
        [first, "quantity", "conflict"],
        [second, "quantity", "applied"],
      ]);
    });
  });

  describe("one listing's price from its page", () => {
    const versionOf = async (id: number) =>
      (await database.db.selectFrom("listing").select("price_version").where("id", "=", id).executeTakeFirstOrThrow())
        .price_version;

    it("writes the price in the listing's own minor units, kept as a change with its history and undo", async () => {
      const [dollars, yen, dinars] = await addListings(database, seller, [
        { price: 1000 },
        { price: 1500, currency: "JPY" },
        { price: 12_000, currency: "KWD" },
      ]);
      const now = Date.now() + 20 * HOUR;
      for (const [id, price, at] of [
        [dollars!, 1250, now],
        [yen!, 1499, now + 1],
        [dinars!, 12_345, now + 2],
      ] as const)
        await changeListing(
          database,
          await ownerOf(database, seller),
          id,
          { price: { value: price, seenVersion: await versionOf(id) } },
          at,
        );
      expect(await pricesOf(database, [dollars!, yen!, dinars!])).toEqual({
        [dollars!]: 1250,
        [yen!]: 1499,
        [dinars!]: 12_345,
      });
      const [entry] = await findListingHistory(database.db, { sellerId: seller, locale: "en-US" }, dinars!, english);
      expect(entry).toMatchObject({ from: 12_000, to: 12_345, currency: "KWD", by: "Changed on the listing’s page" });
      const { changes } = await findPriceChanges(database.db, seller, { offset: 0, limit: 1 }, now + 3);
      expect(changes[0]).toMatchObject({ id: entry!.changeId, state: "applied", listings: 1 });
      expect(changes[0]!.change).toEqual({ kind: "listing_page", amount: 12_345 });
      await undoPriceChange(database, await ownerOf(database, seller), entry!.changeId, undefined, now + 4);
      expect(await pricesOf(database, [dinars!])).toEqual({ [dinars!]: 12_000 });
    });

    it("refuses a price changed since the page showed it, and writes nothing", async () => {
      const [id] = await addListings(database, seller, [{ price: 1000 }]);
      const seen = await versionOf(id!);
      await setPrice(database, id!, 1100);
      const changesBefore = await database.db.selectFrom("listing_change").select("id").execute();
      await expect(
        changeListing(database, await ownerOf(database, seller), id!, { price: { value: 900, seenVersion: seen } }),
      ).rejects.toMatchObject({
        status: 409,
        reason: "listingPrice.refused.changedSince",
      });
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 1100 });
      expect(await database.db.selectFrom("listing_change").select("id").execute()).toEqual(changesBefore);
      // With the version the page now shows, the same price is written.
      await changeListing(database, await ownerOf(database, seller), id!, {
        price: { value: 900, seenVersion: await versionOf(id!) },
      });
      expect(await pricesOf(database, [id!])).toEqual({ [id!]: 900 });
    });

    it("refuses another seller's listing, an ended one, an unchanged price and one past the limits", async () => {
      const [theirs] = await addListings(database, other, [{ price: 1000 }]);
      const [ended, mine] = await addListings(database, seller, [{ price: 1000, status: "ended" }, { price: 1000 }]);
      const attempts: Array<[number, number, object]> = [
        [theirs!, 2000, { status: 404, reason: "listing.refused.noSuchListing" }],
        [ended!, 2000, { status: 409, reason: "bulk.problem.ended" }],
        [mine!, 1000, { status: 400, reason: "bulk.problem.unchanged" }],
        [mine!, 0, { status: 400, reason: "bulk.problem.notPositive" }],
        [mine!, MAX_PRICE + 1, { status: 400, reason: "bulk.problem.aboveMaximum" }],
      ];
      for (const [id, price, refusal] of attempts)
        await expect(
          changeListing(database, await ownerOf(database, seller), id, { price: { value: price, seenVersion: 0 } }),
        ).rejects.toMatchObject(refusal);
      expect(await pricesOf(database, [theirs!, ended!, mine!])).toEqual({
        [theirs!]: 1000,
        [ended!]: 1000,
        [mine!]: 1000,
      });
    });
  });
});

/** Two instances of the hub on one database: two connections (SQLite file) or two pools (PostgreSQL). */
const TWO_INSTANCES: Array<{ name: string; open(): Promise<{ a: Database; b: Database; close(): Promise<void> }> }> = [
  {
    name: "SQLite",
    async open() {
      const folder = mkdtempSync(join(tmpdir(), "bulk-prices-"));
      const url = `sqlite:${join(folder, "hub.db")}`;
      const a = await openDatabase(url);
      const b = await openDatabase(url);
      return {
        a,
        b,
        async close() {
          await a.close();
          await b.close();
          rmSync(folder, { recursive: true, force: true });
        },
      };
    },
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: "PostgreSQL",
          async open() {
            const { url, drop } = await createPostgresDatabase(TEST_DATABASE_URL as string);
            const a = await openDatabase(url);
            const b = await openDatabase(url);
            return {
              a,
              b,
              async close() {
                await a.close();
                await b.close();
                await drop();
              },
            };
          },
        },
      ]
    : []),
];

describe.each(TWO_INSTANCES)("two instances applying overlapping changes on $name", (instances) => {
  let a: Database;
  let b: Database;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ a, b, close } = await instances.open());
  });
  afterAll(() => close());

  it("lose no update and apply no change twice", async () => {
    const seller = await insertSeller(a.db, "dana");
    const ids = await addListings(
      a,
      seller,
      Array.from({ length: 1_200 }, (_, index) => ({ price: 1_000 + index })),
    );
    const first = ids.slice(0, 800);
    const second = ids.slice(400);
    await changeSelection(a, { sessionId: "tab-a", sellerId: seller }, { select: first, unselect: [] });
    await changeSelection(b, { sessionId: "tab-b", sellerId: seller }, { select: second, unselect: [] });
    const raise = await previewPriceChange(
      a.db,
      { sessionId: "tab-a", sellerId: seller },
      { kind: "raise_amount", amount: 100 },
    );
    const lower = await previewPriceChange(
      b.db,
      { sessionId: "tab-b", sellerId: seller },
      { kind: "lower_amount", amount: 1 },
    );

    // Each change submitted twice, once on each instance, all at once.
    const results = await Promise.all([
      applyPriceChange(a, await ownerOf(a, seller), raise),
      applyPriceChange(b, await ownerOf(b, seller), lower),
      applyPriceChange(b, await ownerOf(b, seller), raise),
      applyPriceChange(a, await ownerOf(a, seller), lower),
    ]);
    expect(results.filter((result) => result.wrote)).toHaveLength(2);

    const after = await pricesOf(a, ids);
    const raised = await findPriceChange(a.db, seller, raise);
    const lowered = await findPriceChange(a.db, seller, lower);
    // The overlap went to whichever change committed first; the other saw a changed price.
    expect((raised?.applied ?? 0) + (raised?.conflicts ?? 0)).toBe(800);
    expect((lowered?.applied ?? 0) + (lowered?.conflicts ?? 0)).toBe(800);
    expect((raised?.conflicts ?? 0) + (lowered?.conflicts ?? 0)).toBe(400);
    const outcome = async (changeId: string) =>
      new Map(
        (
          await a.db
            .selectFrom("listing_change_item")
            .select(["listing_id", "outcome"])
            .where("change_id", "=", changeId)
            .execute()
        ).map((row) => [row.listing_id, row.outcome]),
      );
    const raisedItems = await outcome(raise);
    const loweredItems = await outcome(lower);
    for (const [index, id] of ids.entries()) {
      const original = 1_000 + index;
      const expected =
        raisedItems.get(id) === "applied"
          ? original + 100
          : loweredItems.get(id) === "applied"
            ? original - 1
            : original;
      // Never both: a listing in the overlap took exactly one of the changes.
      expect(raisedItems.get(id) === "applied" && loweredItems.get(id) === "applied").toBe(false);
      expect(after[id]).toBe(expected);
    }
  });

  it("write one of two prices sent from the listing's page at once, and a bulk change beside them loses none", async () => {
    const seller = await insertSeller(a.db, "erin");
    const [listing] = await addListings(a, seller, [{ price: 1000 }]);
    await changeSelection(a, { sessionId: "tab-c", sellerId: seller }, { select: [listing!], unselect: [] });
    const bulk = await previewPriceChange(
      a.db,
      { sessionId: "tab-c", sellerId: seller },
      { kind: "raise_amount", amount: 100 },
    );
    // Two tabs showed version 0; each sends its own price on its own instance, as the bulk change applies.
    const sent = await Promise.allSettled([
      changeListing(a, await ownerOf(a, seller), listing!, { price: { value: 1500, seenVersion: 0 } }),
      changeListing(b, await ownerOf(b, seller), listing!, { price: { value: 1700, seenVersion: 0 } }),
      applyPriceChange(b, await ownerOf(b, seller), bulk),
    ]);
    const pageSaves = sent.slice(0, 2);
    const bulkApplied = (await findPriceChange(a.db, seller, bulk))?.applied === 1;
    const saved = pageSaves.filter((result) => result.status === "fulfilled");
    // Exactly one writer took version 0; the others were refused, with the reason.
    expect(saved.length + (bulkApplied ? 1 : 0)).toBe(1);
    const refusals = pageSaves.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(refusals).toHaveLength(2 - saved.length);
    for (const reason of refusals) expect(reason).toMatchObject({ status: 409 });
    const [price] = Object.values(await pricesOf(a, [listing!]));
    const winner = bulkApplied ? 1100 : pageSaves[0]!.status === "fulfilled" ? 1500 : 1700;
    expect(price).toBe(winner);
  });

  it("an import and a bulk price change over the same listings, with a page's quantity beside them, lose no update", async () => {
    const seller = await insertSeller(a.db, "hana");
    const ids = await addListings(
      a,
      seller,
      Array.from({ length: 600 }, (_, index) => ({ price: 1_000 + index, quantity: index })),
    );
    // The file sets every price and quantity; the bulk change raises the prices of the first half.
    const file = await previewFileChanges(
      a.db,
      seller,
      new Map(
        ids.map((id, index): [number, FileChanges] => [
          id,
          {
            price: { value: 5_000 + index, checkedValue: 1_000 + index, checkedVersion: 0 },
            quantity: { value: 1_000 + index, checkedValue: index, checkedVersion: 0 },
          },
        ]),
      ),
    );
    await changeSelection(b, { sessionId: "tab-q", sellerId: seller }, { select: ids.slice(0, 300), unselect: [] });
    const raise = await previewPriceChange(
      b.db,
      { sessionId: "tab-q", sellerId: seller },
      { kind: "raise_amount", amount: 100 },
    );
    const [pageId] = ids.slice(-1);
    const sent = await Promise.allSettled([
      applyPriceChange(a, await ownerOf(a, seller), file),
      applyPriceChange(b, await ownerOf(b, seller), raise),
      changeListing(b, await ownerOf(b, seller), pageId!, { quantity: { value: 77, seenVersion: 0 } }),
    ]);
    expect(sent.slice(0, 2).every((result) => result.status === "fulfilled")).toBe(true);
    const outcomes = new Map(
      (
        await a.db
          .selectFrom("listing_change_item")
          .select(["change_id", "listing_id", "field", "outcome"])
          .where("change_id", "in", [file, raise])
          .execute()
      ).map((row) => [`${row.change_id}/${row.listing_id}/${row.field}`, row.outcome]),
    );
    const prices = await pricesOf(a, ids);
    const quantities = await quantitiesOf(a, ids);
    const pageSaved = sent[2].status === "fulfilled";
    for (const [index, id] of ids.entries()) {
      const fileTook = (field: string) => outcomes.get(`${file}/${id}/${field}`) === "applied";
      const raiseTook = outcomes.get(`${raise}/${id}/price`) === "applied";
      // A price took at most one of the two changes, and holds what the one it took wrote.
      expect(fileTook("price") && raiseTook).toBe(false);
      expect(prices[id]).toBe(fileTook("price") ? 5_000 + index : raiseTook ? 1_100 + index : 1_000 + index);
      const pageTook = id === pageId && pageSaved;
      expect(fileTook("quantity") && pageTook).toBe(false);
      expect(quantities[id]).toBe(fileTook("quantity") ? 1_000 + index : pageTook ? 77 : index);
    }
    // Listings no other writer touched all took the file.
    for (const id of ids.slice(300, -1)) expect(outcomes.get(`${file}/${id}/quantity`)).toBe("applied");
  });
});

describe.each(TEST_DIALECTS)("migration 0025 on $name", (dialect) => {
  it("keeps every price change and its listings' prices, now as listing changes of the price", async () => {
    const database = await dialect.open("0024-listing-banner-codes");
    try {
      const sellerId = await insertSellerBeforeMembers(database.db, "migrated");
      const [listingId] = await addListings(database, sellerId, [{ price: 1_000 }]);
      await sql`insert into price_change (id, seller_id, kind, amount, ending, state, created_at, applied_at, undone_at)
        values ('applied-change', ${sellerId}, 'fixed', 1200, null, 'applied', 1, 2, null)`.execute(database.db);
      await sql`insert into price_change_item (change_id, listing_id, old_price, old_version, new_price, problem, outcome, undo_outcome)
        values ('applied-change', ${listingId}, 1000, 0, 1200, null, 'applied', null)`.execute(database.db);
      await migrate(database);
      expect(await database.db.selectFrom("listing_change").selectAll().execute()).toEqual([
        expect.objectContaining({
          id: "applied-change",
          seller_id: sellerId,
          kind: "fixed",
          amount: 1200,
          state: "applied",
        }),
      ]);
      expect(await database.db.selectFrom("listing_change_item").selectAll().execute()).toEqual([
        {
          change_id: "applied-change",
          listing_id: listingId,
          field: "price",
          old_value: 1000,
          old_version: 0,
          new_value: 1200,
          problem: null,
          outcome: "applied",
          undo_outcome: null,
        },
      ]);
      const listing = await database.db
        .selectFrom("listing")
        .select("quantity_version")
        .where("id", "=", listingId as number)
        .executeTakeFirstOrThrow();
      expect(listing.quantity_version).toBe(0);
    } finally {
      await database.close();
    }
  });
});
