import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * The listings page counts the seller's listings and the overview sums them (listings by status,
 * units sold, sales value, units to ship) on every load: at 100,000 listings the count walked
 * 100,000 index entries and the sums took 14–18 ms even from migration 0007's index.
 * `listing_tally` keeps those figures per seller, status and condition, and triggers on `listing`
 * keep it exact whoever writes (decision 034), so either page reads a few rows.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Kysely's migrator runs a PostgreSQL migration in a transaction but an SQLite one not (its
  // SQLite adapter declares no transactional DDL, though SQLite has it). This one needs a
  // transaction on both: a listing written between the triggers and the backfill would be
  // counted twice, and a half-done migration would leave a table that a retry cannot create.
  if (db.isTransaction) await createTallies(db, dialect);
  else await db.transaction().execute((trx) => createTallies(trx, dialect));
}

async function createTallies(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("listing_tally")
    .addColumn("seller_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("listings", "integer", (c) => c.notNull())
    // Sums are bigint: one listing's price × units sold can pass PostgreSQL's integer (2^31 cents).
    .addColumn("sold", "bigint", (c) => c.notNull())
    .addColumn("sales_value", "bigint", (c) => c.notNull())
    .addColumn("awaiting_shipment", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("listing_tally_pk", ["seller_id", "status", "condition"])
    .execute();
  // Triggers before the backfill: on PostgreSQL creating a trigger locks out writers of `listing`
  // until the migration commits, so the backfill sees every listing written before, and the
  // triggers count every one written after. On SQLite the transaction holds the write lock.
  const triggers = dialect === "postgres" ? postgresTriggers() : sqliteTriggers();
  for (const statement of triggers) await sql.raw(statement).execute(db);
  await sql.raw(tally({ countedIn: { row: "listing", from: "from listing" } })).execute(db);
  // The overview reads its sums from the tallies now.
  await db.schema.dropIndex("listing_seller_totals").execute();
}

/**
 * Listings that a write counts in or out of the tallies, as SQL names them: one row of an SQLite
 * trigger (`new`, `old`), or a table (a PostgreSQL transition table, `listing` for the backfill).
 */
interface Listings {
  row: string;
  from?: string;
}

interface Change {
  countedIn?: Listings;
  countedOut?: Listings;
}

/** Each listing's share of its tally row: +1 counts it in, -1 counts it out. */
function shares({ row, from = "" }: Listings, sign: 1 | -1): string {
  return `select ${row}.seller_id as seller_id, ${row}.status as status, ${row}.condition as condition,
      ${sign} as listings, ${sign} * ${row}.sold as sold, ${sign} * cast(${row}.price as bigint) * ${row}.sold as sales_value,
      ${sign} * ${row}.awaiting_shipment as awaiting_shipment ${from}`;
}

/**
 * One upsert adds what the listings counted in bring to their tally rows and takes away what those
 * counted out took. A row whose figures do not move is not written, so editing a title touches no
 * tally. Rows are written in key order, so two writers on PostgreSQL lock them in the same order.
 */
function tally({ countedIn, countedOut }: Change): string {
  const changes = [countedIn && shares(countedIn, 1), countedOut && shares(countedOut, -1)]
    .filter(Boolean)
    .join(" union all ");
  return `insert into listing_tally as tally (seller_id, status, condition, listings, sold, sales_value, awaiting_shipment)
    select seller_id, status, condition, sum(listings), sum(sold), sum(sales_value), sum(awaiting_shipment)
    from (${changes}) as change
    group by seller_id, status, condition
    having sum(listings) <> 0 or sum(sold) <> 0 or sum(sales_value) <> 0 or sum(awaiting_shipment) <> 0
    order by seller_id, status, condition
    on conflict (seller_id, status, condition) do update set
      listings = tally.listings + excluded.listings,
      sold = tally.sold + excluded.sold,
      sales_value = tally.sales_value + excluded.sales_value,
      awaiting_shipment = tally.awaiting_shipment + excluded.awaiting_shipment`;
}

/**
 * A tally row goes with its last listing, so the table always equals a recount of `listing`
 * (readers need no filter, a test compares the two as they are) and holds no rows for sellers
 * or combinations that no longer exist.
 */
function removeEmptied({ row, from = "" }: Listings): string {
  return `delete from listing_tally where listings = 0
    and (seller_id, status, condition) in (select ${row}.seller_id, ${row}.status, ${row}.condition ${from})`;
}

function tallySteps(change: Change): string[] {
  return [tally(change), ...(change.countedOut ? [removeEmptied(change.countedOut)] : [])];
}

/** An insert counts its listings in, a delete counts them out, an update does both. */
const WRITES = [
  { event: "insert", countsIn: true, countsOut: false },
  { event: "update", countsIn: true, countsOut: true },
  { event: "delete", countsIn: false, countsOut: true },
] as const;

/** SQLite has row triggers only; it has one writer at a time, so no two can meet on a tally row. */
function sqliteTriggers(): string[] {
  return WRITES.map(({ event, countsIn, countsOut }) => {
    const steps = tallySteps({
      countedIn: countsIn ? { row: "new" } : undefined,
      countedOut: countsOut ? { row: "old" } : undefined,
    });
    return `create trigger listing_tally_after_${event} after ${event} on listing for each row begin ${steps.join("; ")}; end`;
  });
}

/**
 * Statement triggers with transition tables: a statement writing many listings (a bulk insert of
 * 500, a seller deleted with their listings) updates each tally row once, not once per listing.
 * PostgreSQL allows one event per trigger with transition tables, hence three, and a fourth so
 * that emptying `listing` by TRUNCATE, which fires no delete trigger, empties the tallies too.
 */
function postgresTriggers(): string[] {
  const counted = WRITES.flatMap(({ event, countsIn, countsOut }) => {
    const added = countsIn ? { row: "added", from: "from added" } : undefined;
    const removed = countsOut ? { row: "removed", from: "from removed" } : undefined;
    const transitions = [countsIn && "new table as added", countsOut && "old table as removed"]
      .filter(Boolean)
      .join(" ");
    return postgresTrigger(event, `referencing ${transitions}`, tallySteps({ countedIn: added, countedOut: removed }));
  });
  return [...counted, ...postgresTrigger("truncate", "", ["truncate listing_tally"])];
}

function postgresTrigger(event: string, transitions: string, steps: string[]): string[] {
  const name = `listing_tally_after_${event}`;
  return [
    `create function ${name}() returns trigger language plpgsql as $$ begin ${steps.join("; ")}; return null; end $$`,
    `create trigger ${name} after ${event} on listing ${transitions} for each statement execute function ${name}()`,
  ];
}
