/**
 * The collector behind POST /sh/beacon: checks where a beacon comes from, its size and shape,
 * and the rate of its speed session and of its client, then stores it: the page view's
 * measurements as one beacon, queued to be summed, its tracking events as rows of their own and
 * counted into the account's hour. Every refusal is thrown
 * as `data(reason, init)` and nothing is stored. Why it takes no anti-forgery token: docs/decisions/041.
 */
import ipaddr from "ipaddr.js";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { findSignedInSeller } from "~/auth/session.server";
import type { DatabaseSchema } from "~/db/schema";
import { originNamesHost } from "~/http/origin";
import { refusal } from "~/http/refusal";
import { readJson } from "~/http/request-body.server";
import { MAX_BEACON_BYTES } from "./beacon-rules";
import { speedBeaconSchema, type TrackedAction } from "./beacon-schema";
import { DAY_MS, HOUR_MS } from "./report-periods";

/** A page sends one beacon each time it is hidden; a browser sending more than this is not a person. */
export const BEACONS_PER_MINUTE = 30;
/**
 * A client (an address, or an IPv6 /64) may send this many a minute, whatever speed sessions it
 * makes up: ten browsers at their limit, for an office behind one address.
 */
export const BEACONS_PER_CLIENT_PER_MINUTE = 300;
/**
 * And store this many a day: a seller's busy day is a few hundred page views, and this caps what
 * a flood from one client adds to the database at 2,000 beacons of at most 64 kB.
 */
export const BEACONS_PER_CLIENT_PER_DAY = 2_000;
/**
 * A signed-in seller's pages may send this many a minute, from however many addresses: the
 * dashboard reads the seller's beacons, and limits per address alone let a flood from many of
 * them (a session cookie that leaked, a script) fill it.
 */
export const BEACONS_PER_SELLER_PER_MINUTE = 300;
const MINUTE_MS = 60_000;

/** `clientAddress` is the address the request came from (behind a trusted proxy, the one it names). */
export async function collectSpeedBeacon(
  db: Kysely<DatabaseSchema>,
  request: Request,
  clientAddress: string,
  now: number = Date.now(),
): Promise<void> {
  assertFromOwnPages(request);
  const parsed = speedBeaconSchema.safeParse(await readJson(request, MAX_BEACON_BYTES));
  if (!parsed.success) throw refusal(400, `The beacon is malformed: ${describeProblems(parsed.error)}.`);
  const { pageName, speedSession, tracking, resources, ...metrics } = parsed.data;
  const client = beaconClient(clientAddress);
  await assertWithinLimit(
    db,
    "client",
    client,
    BEACONS_PER_CLIENT_PER_DAY,
    DAY_MS,
    now,
    `This address sent more than ${BEACONS_PER_CLIENT_PER_DAY.toLocaleString("en")} site-speed beacons in a day.`,
  );
  await assertWithinLimit(
    db,
    "client",
    client,
    BEACONS_PER_CLIENT_PER_MINUTE,
    MINUTE_MS,
    now,
    `This address sent more than ${BEACONS_PER_CLIENT_PER_MINUTE} site-speed beacons in a minute.`,
  );
  await assertWithinLimit(
    db,
    "speed_session",
    speedSession,
    BEACONS_PER_MINUTE,
    MINUTE_MS,
    now,
    `This browser sent more than ${BEACONS_PER_MINUTE} site-speed beacons in a minute.`,
  );
  const sellerId = (await findSignedInSeller(db, request, Date.now(), { use: false }))?.seller.id ?? null;
  if (sellerId !== null)
    await assertWithinLimit(
      db,
      "seller_id",
      sellerId,
      BEACONS_PER_SELLER_PER_MINUTE,
      MINUTE_MS,
      now,
      `Your pages sent more than ${BEACONS_PER_SELLER_PER_MINUTE} site-speed beacons in a minute.`,
    );
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("speed_beacon")
      .values({
        page_name: pageName,
        seller_id: sellerId,
        speed_session: speedSession,
        client,
        received_at: now,
        metrics: JSON.stringify(metrics),
        // Apart from the figures, which every dashboard view parses (migration 0018 says why).
        resources: JSON.stringify(resources),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Summed into its hour within a minute, by housekeeping (sum-beacons.server.ts). SQLite gives
    // a deleted beacon's id again once the newest are gone: its queue entry, if still there, serves.
    await trx
      .insertInto("speed_beacon_unsummed")
      .values({ beacon_id: id })
      .onConflict((conflict) => conflict.column("beacon_id").doNothing())
      .execute();
    if (tracking.length === 0) return;
    await trx
      .insertInto("tracking_event")
      .values(
        tracking.map(({ action, count, pageName: trackedPage }) => ({
          page_name: trackedPage,
          action,
          count,
          seller_id: sellerId,
          page_view: metrics.pageView,
          received_at: now,
        })),
      )
      .execute();
    // Counted into the account's hour, which the dashboard reads (migration 0036); no report
    // reads a signed-out page's.
    if (sellerId === null) return;
    await trx
      .insertInto("tracking_hour")
      .values(
        trackedPerAction(tracking).map(({ pageName: trackedPage, action, count }) => ({
          seller_id: sellerId,
          hour_start: now - (now % HOUR_MS),
          page_name: trackedPage,
          action,
          events: count,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["seller_id", "hour_start", "page_name", "action"])
          .doUpdateSet((eb) => ({ events: eb("tracking_hour.events", "+", eb.ref("excluded.events")) })),
      )
      .execute();
  });
}

/**
 * A beacon's tracking with one entry per page and action: the page folds its events so, but a
 * beacon written otherwise may repeat a pair, and one statement cannot add to a row twice
 * (PostgreSQL refuses it). In one order, by page and action: two beacons of an account's hour
 * stored at once (two tabs, two members) then take their rows' locks in the same order, and
 * neither waits on the other for a row it holds (a deadlock PostgreSQL would end by failing one).
 */
function trackedPerAction(tracking: readonly TrackedAction[]): TrackedAction[] {
  const folded = new Map<string, TrackedAction>();
  for (const { pageName, action, count } of tracking) {
    const key = JSON.stringify([pageName, action]);
    const sum = folded.get(key) ?? { pageName, action, count: 0 };
    sum.count += count;
    folded.set(key, sum);
  }
  return [...folded.values()].toSorted(
    (a, b) => compareText(a.pageName, b.pageName) || compareText(a.action, b.action),
  );
}

/** By code unit: the same order in every process, whatever its locale. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Who a limit per client counts: the IPv4 address, or the IPv6 address's /64, since one
 * subscriber is given a whole /64 and can send from any address in it.
 */
export function beaconClient(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

/**
 * Browsers say where a request comes from: Sec-Fetch-Site, or (older ones) Origin. A beacon
 * must come from the hub's own pages. A client that sends neither is not a browser acting for
 * a seller, and could forge either anyway.
 */
function assertFromOwnPages(request: Request): void {
  const site = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  const fromElsewhere =
    site !== null ? site !== "same-origin" : origin !== null && !originNamesHost(origin, new URL(request.url).host);
  if (fromElsewhere) throw refusal(403, "Site-speed beacons are accepted only from Seller Hub's own pages.");
}

/**
 * Counted in the database, so every instance sharing it enforces one limit. Only the newest
 * `limit` rows are read, so checking costs no more during a flood.
 */
async function assertWithinLimit(
  db: Kysely<DatabaseSchema>,
  column: "client" | "speed_session" | "seller_id",
  value: string | number,
  limit: number,
  windowMs: number,
  now: number,
  what: string,
): Promise<void> {
  const counted = await db
    .selectFrom("speed_beacon")
    .select("received_at")
    .where(column, "=", value)
    .where("received_at", ">", now - windowMs)
    .orderBy("received_at", "desc")
    .limit(limit)
    .execute();
  if (counted.length < limit) return;
  const retryAfter = Math.max(1, Math.ceil(((counted.at(-1)?.received_at ?? now) + windowMs - now) / 1000));
  const wait = retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
  throw refusal(429, `${what} Try again in ${wait}.`, { "Retry-After": String(retryAfter) });
}

function describeProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "the body"}: ${issue.message}`)
    .join("; ");
}
