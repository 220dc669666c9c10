/**
 * The collector behind POST /sh/beacon: checks where a beacon comes from, its size and shape,
 * and its speed session's rate, then stores it: the page view's measurements as one beacon,
 * its tracking events as rows of their own. Every refusal is thrown as `data(reason, init)`
 * and nothing is stored. Why it takes no anti-forgery token: docs/decisions/041.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import { findSignedInSeller } from "~/auth/session.server";
import type { DatabaseSchema } from "~/db/schema";
import { refusal } from "~/http/refusal";
import { readJson } from "~/http/request-body.server";
import { MAX_BEACON_BYTES } from "./beacon-rules";
import { speedBeaconSchema } from "./beacon-schema";

/** A page sends one beacon each time it is hidden; a browser sending more than this is not a person. */
export const BEACONS_PER_MINUTE = 30;
const MINUTE_MS = 60_000;

export async function collectSpeedBeacon(db: Kysely<DatabaseSchema>, request: Request, now: number = Date.now()): Promise<void> {
  assertFromOwnPages(request);
  const parsed = speedBeaconSchema.safeParse(await readJson(request, MAX_BEACON_BYTES));
  if (!parsed.success) throw refusal(400, `The beacon is malformed: ${describeProblems(parsed.error)}.`);
  const { pageName, speedSession, tracking, ...metrics } = parsed.data;
  await assertWithinRate(db, speedSession, now);
  const sellerId = (await findSignedInSeller(db, request))?.seller.id ?? null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("speed_beacon")
      .values({ page_name: pageName, seller_id: sellerId, speed_session: speedSession, received_at: now, metrics: JSON.stringify(metrics) })
      .execute();
    if (tracking.length === 0) return;
    await trx
      .insertInto("tracking_event")
      .values(tracking.map(({ action, count, pageName: trackedPage }) => ({ page_name: trackedPage, action, count, seller_id: sellerId, page_view: metrics.pageView, received_at: now })))
      .execute();
  });
}

/**
 * Browsers say where a request comes from: Sec-Fetch-Site, or (older ones) Origin. A beacon
 * must come from the hub's own pages. A client that sends neither is not a browser acting for
 * a seller, and could forge either anyway.
 */
function assertFromOwnPages(request: Request): void {
  const site = request.headers.get("Sec-Fetch-Site");
  const origin = request.headers.get("Origin");
  const fromElsewhere = site !== null ? site !== "same-origin" : origin !== null && hostOf(origin) !== new URL(request.url).host;
  if (fromElsewhere) throw refusal(403, "Site-speed beacons are accepted only from Seller Hub's own pages.");
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** Counted in the database, so every instance sharing it enforces one limit. */
async function assertWithinRate(db: Kysely<DatabaseSchema>, speedSession: string, now: number): Promise<void> {
  const { sent, oldest } = await db
    .selectFrom("speed_beacon")
    .select((eb) => [eb.fn.countAll<number>().as("sent"), eb.fn.min("received_at").as("oldest")])
    .where("speed_session", "=", speedSession)
    .where("received_at", ">", now - MINUTE_MS)
    .executeTakeFirstOrThrow();
  if (Number(sent) < BEACONS_PER_MINUTE) return;
  const retryAfter = Math.max(1, Math.ceil((Number(oldest) + MINUTE_MS - now) / 1000));
  throw refusal(429, `This browser sent more than ${BEACONS_PER_MINUTE} site-speed beacons in a minute. Try again in ${retryAfter} seconds.`, {
    "Retry-After": String(retryAfter),
  });
}

function describeProblems(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "the body"}: ${issue.message}`)
    .join("; ");
}
