/**
 * Sums stored beacons into the summaries of the hours their page views began
 * (`speed_summary_hour`, docs/decisions/049). Housekeeping calls it every minute in every serving
 * process; one sums at a time (PostgreSQL's advisory lock; on SQLite the write transaction), and a
 * beacon leaves the queue in the transaction that adds it, so none is summed twice or missed.
 *
 * A page view counts once, with its newest beacon's figures, as the dashboard counts it: pages of
 * older builds resent their beacon each time they were hidden, within the resend window of their
 * load. A resend takes the earlier beacon's figures back out of its hour and adds its own; a
 * beacon older than one already summed for its page view (committed late, on PostgreSQL) adds
 * nothing.
 */
import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { byStatement, type Database } from "~/db/database.server";
import type { DatabaseSchema, SpeedSummaryHourTable } from "~/db/schema";
import { RESENDS_WITHIN_MS } from "./beacon-rules";
import { EVERY_SEGMENT, hoursOverSegmentsSince } from "./hours-over-segments.server";
import { trySummingTurn } from "./summing-lock.server";
import {
  addFigures,
  figuresOf,
  noFigures,
  readStoredFigures,
  storeFigures,
  subtractFigures,
  type Figures,
} from "./page-view-figures";
import { readPageView, type PageView } from "./page-view";
import { HOUR_MS } from "./report-periods";
import { deviceClassOf } from "./report-segments";

/**
 * Beacons summed in one transaction. SQLite has one writer, and the collector waits for it
 * while a batch is summed: about 45 ms a batch (a million beacons summed in 89 s by
 * `npm run bench:site-speed`, bench/README.md, whose beacons have no resends to look up).
 */
const SUM_BATCH = 500;

type SummaryKey = Omit<SpeedSummaryHourTable, "figures">;

interface StoredBeacon {
  id: number;
  seller_id: number | null;
  page_name: string;
  speed_session: string;
  received_at: number;
  metrics: string;
}

const STORED_BEACON_COLUMNS = ["id", "seller_id", "page_name", "speed_session", "received_at", "metrics"] as const;

export interface Summing {
  /** Beacons summed (each of them a page view's newest so far). */
  summed: number;
  /** Beacons that added nothing: older than one already summed for their page view, or unreadable. */
  skipped: number;
  /**
   * Summaries that lacked figures a resend took back out (what was lacking was left at 0), or
   * whose stored figures did not read (they started again).
   */
  mismatched: number;
}

export interface SumBeaconsOptions {
  batch?: number;
  /** At most this many batches. */
  batches?: number;
  /** Asked between batches: a process that is stopping does not sum a backlog first. */
  stopping?: () => boolean;
}

/** Sums every queued beacon, a batch per transaction, and says how many it summed. */
export async function sumNewBeacons(
  database: Database,
  { batch = SUM_BATCH, batches = Number.POSITIVE_INFINITY, stopping = () => false }: SumBeaconsOptions = {},
): Promise<Summing> {
  const total: Summing = { summed: 0, skipped: 0, mismatched: 0 };
  for (let summedBatches = 1; ; summedBatches += 1) {
    const started = performance.now();
    const done = await database.db.transaction().execute((trx) => sumBatch(trx, database.dialect, batch));
    if (done === "another process is summing") return total;
    total.summed += done.summed;
    total.skipped += done.skipped;
    total.mismatched += done.mismatched;
    if (done.dequeued < batch || summedBatches >= batches || stopping()) return total;
    await restAfter(database.dialect, performance.now() - started);
  }
}

/**
 * Beacons queued beyond this are a backlog (migration 0033's, or housekeeping stopped a while),
 * which housekeeping sums oldest first: a view then says its figures lack it. Twenty batches:
 * more than a minute of a hub of 10 million page views a day, so a busy hub between
 * housekeeping's minutes is no backlog.
 */
const BACKLOG = 20 * SUM_BATCH;

/**
 * What a dashboard view does before it reads the sums, so that a seller sees the page view they
 * just left: one batch, if no more than one is queued. More is housekeeping's to sum, and a view
 * would only take turns with it: the sums then lack the newest minute or two, or, past BACKLOG,
 * the answer says the view's figures lack a backlog. With nothing queued a view only reads: on
 * SQLite a summing's transaction takes the file's write lock. A summing that fails leaves the
 * view to read the sums as they are, with a warning.
 */
export async function sumJustQueued(database: Database): Promise<{ backlog: boolean }> {
  // Counted in the database, and no further than tells a backlog: one row back, not BACKLOG + 1 ids.
  const { count } = await database.db
    .selectFrom((db) =>
      db
        .selectFrom("speed_beacon_unsummed")
        .select("beacon_id")
        .limit(BACKLOG + 1)
        .as("queued"),
    )
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const queued = Number(count);
  if (queued > BACKLOG) return { backlog: true };
  if (queued === 0 || queued > SUM_BATCH) return { backlog: false };
  try {
    reportMismatches(await sumNewBeacons(database, { batches: 1 }));
  } catch (error) {
    console.warn("Summing site-speed beacons for a dashboard view failed; it shows the sums as they are:", error);
  }
  return { backlog: false };
}

/**
 * When the oldest beacon waiting to be summed arrived, if any waits: the earliest of every queued
 * beacon's, since ids are not given in order of arrival where beacons are stored straight into the
 * database (a backfill, the tests). The queue is read before the beacons: a summing that commits in
 * between has put its beacons into the hours, which are read after. Past a backlog it is not read
 * but taken as minus infinity: every day is then left open (summed-days.server.ts), and no beacon
 * expires (expired-records.server.ts). The queue's ids, then their beacons by id: two reads by
 * key, not a join (with the queue's statistics taken while a backlog filled it, PostgreSQL's plan
 * for a join read `speed_beacon` from its first row: bench/README.md, "Summing into hours on
 * PostgreSQL").
 */
export async function oldestQueuedArrival(db: Kysely<DatabaseSchema>): Promise<number | null> {
  const queued = await db
    .selectFrom("speed_beacon_unsummed")
    .select("beacon_id")
    .limit(BACKLOG + 1)
    .execute();
  if (queued.length > BACKLOG) return Number.NEGATIVE_INFINITY;
  let oldest: number | null = null;
  for (const ids of byStatement(queued.map((row) => row.beacon_id))) {
    const { arrived } = await db
      .selectFrom("speed_beacon")
      .select((eb) => eb.fn.min("received_at").as("arrived"))
      .where("id", "in", ids)
      .executeTakeFirstOrThrow();
    if (arrived !== null) oldest = Math.min(oldest ?? Number.POSITIVE_INFINITY, Number(arrived));
  }
  return oldest;
}

/** Sums that lacked what a resend took back out were changed by something else: the operator should know. */
export function reportMismatches({ mismatched }: Summing): void {
  if (mismatched === 0) return;
  console.warn(
    `Summing site-speed beacons: ${mismatched} hours' summaries lacked figures that a resent page view took back out, or did not read; what they lacked was left at 0.`,
  );
}

/**
 * Between batches of a backlog. A SQLite batch holds the file's one writer: other processes'
 * writes (the collector, a sign-in) retry every few milliseconds and give up after 5 s
 * (`retryWhileBusy`, decision 052), and batch after batch left them almost no gap to take it:
 * another process's writes waited p99 836 ms during a backlog, 20 ms with this rest
 * (bench/README.md, "Summing into hours"). Resting as long as the batch took leaves the writer
 * free half the time. PostgreSQL's summing locks nobody else's rows: this process's requests need only a turn.
 */
function restAfter(dialect: Database["dialect"], batchMs: number): Promise<void> {
  return new Promise((resolve) => (dialect === "sqlite" ? setTimeout(resolve, batchMs) : setImmediate(resolve)));
}

async function sumBatch(
  trx: Transaction<DatabaseSchema>,
  dialect: Database["dialect"],
  batch: number,
): Promise<(Summing & { dequeued: number }) | "another process is summing"> {
  if (dialect === "postgres" && !(await trySummingTurn(trx))) return "another process is summing";
  // The queue's ids, then their beacons by id: two reads by key, not one join. With a backlog queued
  // (and its statistics taken with the queue full), PostgreSQL joined the two by merging, whose
  // scan of speed_beacon began at its first id in every batch, so each batch read every beacon
  // summed before it: a million beacons summed 1,263 a second, 5,498 since (bench/README.md,
  // "Summing into hours on PostgreSQL").
  const dequeued = (
    await trx.selectFrom("speed_beacon_unsummed").select("beacon_id").orderBy("beacon_id").limit(batch).execute()
  ).map((row) => row.beacon_id);
  // A beacon deleted before it was summed (by hand: expiry keeps queued beacons) leaves the queue unsummed.
  const beacons: StoredBeacon[] = [];
  for (const ids of byStatement(dequeued))
    beacons.push(
      ...(await trx.selectFrom("speed_beacon").select(STORED_BEACON_COLUMNS).where("id", "in", ids).execute()),
    );
  beacons.sort(byArrival);
  const summing = { summed: 0, skipped: 0, mismatched: 0, dequeued: dequeued.length };
  if (beacons.length > 0) {
    const before = await summedBefore(trx, beacons);
    const sellers = new Set([...beacons, ...before].flatMap((beacon) => beacon.seller_id ?? []));
    const overSegmentsSince = await hoursOverSegmentsSince(trx, [...sellers]);
    const { changes, summed, skipped } = sumInto(beacons, before, overSegmentsSince);
    const { mismatched } = await applyChanges(trx, changes);
    Object.assign(summing, { summed, skipped, mismatched });
  }
  for (const ids of byStatement(dequeued))
    await trx.deleteFrom("speed_beacon_unsummed").where("beacon_id", "in", ids).execute();
  return summing;
}

/** A stored beacon is summed once it has left the queue. */
export const isSummed = ({ not, exists, selectFrom }: ExpressionBuilder<DatabaseSchema, "speed_beacon">) =>
  not(
    exists(
      selectFrom("speed_beacon_unsummed")
        .select("beacon_id")
        .whereRef("speed_beacon_unsummed.beacon_id", "=", "speed_beacon.id"),
    ),
  );

/** The page views' beacons summed before, which a resend in `beacons` may supersede. */
async function summedBefore(trx: Transaction<DatabaseSchema>, beacons: readonly StoredBeacon[]) {
  const arrivals = beacons.map((beacon) => beacon.received_at);
  const sessions = [...new Set(beacons.map((beacon) => beacon.speed_session))];
  const found: StoredBeacon[] = [];
  for (const some of byStatement(sessions))
    found.push(
      ...(await trx
        .selectFrom("speed_beacon")
        .select(STORED_BEACON_COLUMNS)
        .where("speed_session", "in", some)
        .where("received_at", ">=", Math.min(...arrivals) - RESENDS_WITHIN_MS)
        .where("received_at", "<=", Math.max(...arrivals) + RESENDS_WITHIN_MS)
        .where(isSummed)
        .execute()),
    );
  return found.toSorted(byArrival);
}

interface Change {
  key: SummaryKey;
  added: Figures;
  /** Figures of page views summed in earlier runs and resent since: taken back out of the stored sums. */
  removed: Figures;
}

/**
 * What the beacons change, per summary: their page views' figures added, those they supersede
 * removed; for an account in `overSegmentsSince`, from its hour on, in the hour's sum over every
 * segment too (hours-over-segments.server.ts).
 */
function sumInto(
  beacons: readonly StoredBeacon[],
  before: readonly StoredBeacon[],
  overSegmentsSince: ReadonlyMap<number, number>,
): { changes: Map<string, Change>; summed: number; skipped: number } {
  /** Each page view's counted beacon: the newest summed, before or in this batch. */
  const counted = new Map<string, { beacon: StoredBeacon; view: PageView; inBatch: boolean }>();
  for (const beacon of before) {
    const view = readPageView(beacon);
    if (view) counted.set(pageViewKey(beacon, view), { beacon, view, inBatch: false });
  }
  const changes = new Map<string, Change>();
  const changeOf = (key: SummaryKey) => {
    const name = summaryKeyText(key);
    const change = changes.get(name) ?? { key, added: noFigures(), removed: noFigures() };
    changes.set(name, change);
    return change;
  };
  let summed = 0;
  let skipped = 0;
  for (const beacon of beacons) {
    const view = readPageView(beacon);
    const pageView = view && pageViewKey(beacon, view);
    const counting = pageView ? counted.get(pageView) : undefined;
    // Only a beacon within the resend window of the one counted is the same page view's, however
    // the beacons fell into batches. (It is compared with the newest counted only: beacons of one
    // page view spread over more than the window, which no build sends, may count once or twice.)
    const earlier =
      counting && Math.abs(counting.beacon.received_at - beacon.received_at) <= RESENDS_WITHIN_MS
        ? counting
        : undefined;
    if (!view || !pageView || (earlier && byArrival(earlier.beacon, beacon) > 0)) {
      skipped += 1;
      continue;
    }
    if (earlier) {
      // Added in this batch, it is taken back out of what the batch adds; summed before, out of the stored sums.
      const figures = figuresOf(earlier.view);
      for (const key of keysOf(earlier.beacon, earlier.view, overSegmentsSince)) {
        const { added, removed } = changeOf(key);
        if (earlier.inBatch) subtractFigures(added, figures);
        else addFigures(removed, figures);
      }
    }
    const figures = figuresOf(view);
    for (const key of keysOf(beacon, view, overSegmentsSince)) addFigures(changeOf(key).added, figures);
    counted.set(pageView, { beacon, view, inBatch: true });
    summed += 1;
  }
  return { changes, summed, skipped };
}

/** Stores each changed summary: its stored figures, less what was removed, plus what was added. */
async function applyChanges(
  trx: Transaction<DatabaseSchema>,
  changes: ReadonlyMap<string, Change>,
): Promise<{ mismatched: number }> {
  const keys = [...changes.values()].map((change) => change.key);
  const stored = new Map<string, string>();
  // The rows of the sellers and hours touched, a few more than the keys changed: one read, not one a key.
  for (const sellers of byStatement([...new Set(keys.map((key) => key.seller_id))]))
    for (const row of await trx
      .selectFrom("speed_summary_hour")
      .selectAll()
      .where("seller_id", "in", sellers)
      .where("hour_start", "in", [...new Set(keys.map((key) => key.hour_start))])
      .execute()) {
      const { figures, ...key } = row;
      stored.set(summaryKeyText(key), figures);
    }
  let mismatched = 0;
  const rows: SpeedSummaryHourTable[] = [];
  for (const [name, { key, added, removed }] of changes) {
    const text = stored.get(name);
    const read = text === undefined ? noFigures() : readOrWarn(text, key);
    const figures = read ?? noFigures();
    if (!read || !subtractFigures(figures, removed)) mismatched += 1;
    addFigures(figures, added);
    if (figures.counts.size === 0 && figures.histograms.size === 0) {
      // Every page view it held was resent into another hour.
      if (text !== undefined) await deleteSummary(trx, key);
      continue;
    }
    rows.push({ ...key, figures: storeFigures(figures) });
  }
  for (const some of byStatement(rows))
    await trx
      .insertInto("speed_summary_hour")
      .values(some)
      .onConflict((conflict) =>
        conflict
          .columns(["seller_id", "hour_start", "page_name", "device", "connection", "release"])
          .doUpdateSet({ figures: (eb) => eb.ref("excluded.figures") }),
      )
      .execute();
  return { mismatched };
}

/**
 * A summary's stored figures, or null for figures that no longer read (changed by hand, or stored
 * otherwise by another build): the summary starts again from this batch, rather than every later
 * batch stopping behind it.
 */
function readOrWarn(text: string, key: SummaryKey): Figures | null {
  try {
    return readStoredFigures(text, key.hour_start);
  } catch (error) {
    console.warn(
      `A site-speed summary did not read, and starts again (${summaryKeyText(key)}):`,
      error instanceof Error ? error.message : error,
    );
    return null;
  }
}

async function deleteSummary(trx: Transaction<DatabaseSchema>, key: SummaryKey): Promise<void> {
  await trx
    .deleteFrom("speed_summary_hour")
    .where("seller_id", "=", key.seller_id)
    .where("hour_start", "=", key.hour_start)
    .where("page_name", "=", key.page_name)
    .where("device", "=", key.device)
    .where("connection", "=", key.connection)
    .where("release", "=", key.release)
    .execute();
}

/**
 * The summaries a page view adds to: its seller's, page's, segment's and release's, in the UTC
 * hour it began; and where its account keeps them, from their first hour on, the same hour's sum
 * over every segment.
 */
function keysOf(beacon: StoredBeacon, view: PageView, overSegmentsSince: ReadonlyMap<number, number>): SummaryKey[] {
  const key = {
    seller_id: beacon.seller_id ?? 0,
    hour_start: Math.floor(view.beganAt / HOUR_MS) * HOUR_MS,
    page_name: view.pageName,
    device: deviceClassOf(view.device) ?? "",
    connection: view.device?.connection ?? "",
    release: view.release ?? "",
  };
  const since = overSegmentsSince.get(key.seller_id) ?? Number.POSITIVE_INFINITY;
  return key.hour_start < since ? [key] : [key, { ...key, device: EVERY_SEGMENT, connection: EVERY_SEGMENT }];
}

/** The key's columns in one order, whichever order an object was built in. */
const summaryKeyText = (key: SummaryKey) =>
  JSON.stringify([key.seller_id, key.hour_start, key.page_name, key.device, key.connection, key.release]);

/**
 * A page view's beacons share its browser's speed session and the page view's id, and its seller:
 * the dashboard reads one seller's beacons, so a resend sent after signing out is another page
 * view there too.
 */
const pageViewKey = (beacon: StoredBeacon, view: PageView) =>
  JSON.stringify([beacon.speed_session, view.id, beacon.seller_id]);

/** Older first: by arrival, then by id (two beacons of one millisecond). */
const byArrival = (a: StoredBeacon, b: StoredBeacon) => a.received_at - b.received_at || a.id - b.id;
