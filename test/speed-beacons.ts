import type { Insertable, Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import type { SpeedBeacon } from "~/site-speed/beacon-schema";

let nextId = 0;
/** A fresh 32-character id, as the browser makes them. */
export function testId(): string {
  nextId += 1;
  return nextId.toString(16).padStart(32, "0");
}

/** A beacon as the browser sends it: one page view of the overview. */
export function sampleBeacon(overrides: Partial<SpeedBeacon> = {}): SpeedBeacon {
  return {
    pageName: "sellerHubOverview",
    speedSession: testId(),
    pageView: testId(),
    kind: "full-load",
    sentAfterMs: 5400,
    navigation: {
      type: "navigate",
      transferSize: 5120,
      domainLookupStart: 1,
      connectStart: 2,
      requestStart: 5,
      responseStart: 80,
      responseEnd: 96,
      domInteractive: 210,
      domContentLoadedEventEnd: 231,
      loadEventEnd: 420,
    },
    vitals: { LCP: 1480, INP: 96, CLS: 0.02, FCP: 900, TTFB: 80 },
    resources: [{ name: "/assets/root.js", type: "script", start: 40, duration: 12, size: 900 }],
    errors: [],
    tracking: [],
    ...overrides,
  };
}

/** A client-side navigation's page view, as the browser sends it when the seller leaves it. */
export function sampleInAppBeacon(overrides: Partial<SpeedBeacon> = {}): SpeedBeacon {
  const { navigation: _navigation, ...beacon } = sampleBeacon({
    resources: [],
    vitals: { LCP: 610, INP: 80, CLS: 0, FCP: 420 },
  });
  return { ...beacon, kind: "in-app", inAppNavigation: { duration: 640, dataRequest: 210 }, ...overrides };
}

/** The collector's request for `body`, sent the way sendBeacon sends it from the hub's own page. */
export function beaconRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/sh/beacon", {
    method: "POST",
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "Sec-Fetch-Site": "same-origin",
      Origin: "http://localhost",
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/**
 * Stores beacons straight into the database, queued for summing as the collector queues them
 * (collect-beacon.server.ts): the way tests and benchmarks store many, or ones of the past.
 */
export async function storeBeacons(
  db: Kysely<DatabaseSchema>,
  rows: ReadonlyArray<Insertable<DatabaseSchema["speed_beacon"]>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    // A few hundred rows a statement: within SQLite's and PostgreSQL's limits on parameters.
    for (let start = 0; start < rows.length; start += 200) {
      const stored = await trx
        .insertInto("speed_beacon")
        .values(rows.slice(start, start + 200))
        .returning("id")
        .execute();
      await trx
        .insertInto("speed_beacon_unsummed")
        .values(stored.map(({ id }) => ({ beacon_id: id })))
        // SQLite gives a deleted newest id again; the queue may still hold it (the collector does the same).
        .onConflict((conflict) => conflict.column("beacon_id").doNothing())
        .execute();
    }
  });
}

/** Forgets every stored beacon and every sum of them: the site-speed tables a test starts without. */
export async function forgetPageViews(db: Kysely<DatabaseSchema>): Promise<void> {
  for (const table of [
    "speed_beacon_unsummed",
    "speed_beacon",
    "speed_summary_hour",
    "speed_summary_day",
    "speed_summary_day_built",
    "speed_hours_over_segments",
  ] as const)
    await db.deleteFrom(table).execute();
}
