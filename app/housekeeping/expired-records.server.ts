import type { Kysely } from "kysely";
import { ACTIVITY_KEPT_MS } from "~/activity/activity.server";
import { SESSION_IDLE_MS } from "~/auth/session.server";
import { SIGN_IN_LIMITS } from "~/auth/sign-in-limits.server";
import { deleteStillPreviewed, PREVIEW_KEPT_MS } from "~/listing-changes/price-changes.server";
import type { DatabaseSchema } from "~/db/schema";
import { DAY_MS, LONGEST_REPORT_PERIOD_MS } from "~/site-speed/report-periods";
import { RESENDS_WITHIN_MS } from "~/site-speed/beacon-rules";
import { isSummed, oldestQueuedArrival } from "~/site-speed/sum-beacons.server";
import { INVITATIONS_COUNTED_MS } from "~/team/team.server";

/** Site speed's summaries of hours and days are kept 13 months, and a little more: a year's trends, and last year's month. */
export const SPEED_SUMMARIES_KEPT_DAYS = 400;

/**
 * Tracking events, and their counts per hour that the dashboard reads, are kept the dashboard's
 * longest period and the day it began in, or as long as beacons are if that is longer.
 */
export const TRACKING_EVENTS_KEPT_DAYS = Math.ceil(LONGEST_REPORT_PERIOD_MS / DAY_MS) + 1;

/** Rows deleted per statement: a long delete would hold SQLite's one writer, and a synchronous worker. */
const BATCH = 1_000;

export interface DeletedRecords {
  sessions: number;
  signInFailures: number;
  speedBeacons: number;
  /** Site-speed summaries of an hour or of a day (one a page, segment and release). */
  speedSummaries: number;
  trackingEvents: number;
  /** An account's tracking of an hour, per page and action: deleted as the tracking events are. */
  trackingHours: number;
  /** Listings selected in sessions that have ended. */
  listingSelections: number;
  /** Bulk price previews never applied, a day after they were made (their listings' rows with them). */
  pricePreviews: number;
  /** Browsers that have not signed in to their account for 400 days. */
  knownBrowsers: number;
  /** Entries of the accounts' activity logs older than a year. */
  activity: number;
  /** Invitations refused for a taken username, once they no longer count towards the day's limit. */
  refusedInvitations: number;
}

/**
 * Deletes what no longer serves anyone: sessions past their expiry or left idle (and their listing selections), price previews never applied, sign-in failures that no
 * longer count towards a limit (and invitations refused for a taken username), speed beacons older than the retention once summed, tracking events (and their hours' counts) older than the dashboard's longest period or the retention, site-speed summaries older than 400 days, and
 * activity older than a year. Safe to run from
 * every process and instance at once: each delete is of rows nobody reads any more.
 */
export async function deleteExpiredRecords(
  db: Kysely<DatabaseSchema>,
  speedBeaconRetentionDays: number,
  now = Date.now(),
): Promise<DeletedRecords> {
  const failuresCountUntil = now - SIGN_IN_LIMITS.windowMs;
  // A beacon still to be summed is kept, and so is any a queued resend may take back out of its
  // hour (sum-beacons.server.ts).
  const beaconsKeptFrom = Math.min(
    now - speedBeaconRetentionDays * DAY_MS,
    ((await oldestQueuedArrival(db)) ?? now) - RESENDS_WITHIN_MS,
  );
  const trackingEventsKeptFrom = now - Math.max(speedBeaconRetentionDays, TRACKING_EVENTS_KEPT_DAYS) * DAY_MS;
  return {
    sessions: await inBatches(() =>
      db
        .deleteFrom("session")
        .where(
          "id",
          "in",
          db
            .selectFrom("session")
            .select("id")
            .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", now - SESSION_IDLE_MS)]))
            .limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    signInFailures: await inBatches(() =>
      db
        .deleteFrom("sign_in_failure")
        .where(
          "id",
          "in",
          db.selectFrom("sign_in_failure").select("id").where("at", "<=", failuresCountUntil).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    // During a backlog the queue's oldest is not looked for (minus infinity): none expires.
    speedBeacons: !Number.isFinite(beaconsKeptFrom)
      ? 0
      : await inBatches(() =>
          db
            .deleteFrom("speed_beacon")
            .where(
              "id",
              "in",
              db
                .selectFrom("speed_beacon")
                .select("id")
                .where("received_at", "<", beaconsKeptFrom)
                // Not one stored and queued since the queue's oldest was read (a backfill).
                .where(isSummed)
                .limit(BATCH),
            )
            .executeTakeFirstOrThrow(),
        ),
    speedSummaries: await deleteOldSpeedSummaries(db, now - SPEED_SUMMARIES_KEPT_DAYS * DAY_MS),
    trackingEvents: await inBatches(() =>
      db
        .deleteFrom("tracking_event")
        .where(
          "id",
          "in",
          db.selectFrom("tracking_event").select("id").where("received_at", "<", trackingEventsKeptFrom).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    trackingHours: await deleteOldestFirst(db, "tracking_hour", "hour_start", trackingEventsKeptFrom),
    listingSelections: await deleteSelectionsOfEndedSessions(db),
    pricePreviews: await deleteOldPreviews(db, now - PREVIEW_KEPT_MS),
    knownBrowsers: await inBatches(() =>
      db
        .deleteFrom("known_browser")
        .where(
          "token_hash",
          "in",
          db.selectFrom("known_browser").select("token_hash").where("expires_at", "<=", now).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    activity: await inBatches(() =>
      db
        .deleteFrom("activity")
        .where(
          "id",
          "in",
          db
            .selectFrom("activity")
            .select("id")
            .where("at", "<", now - ACTIVITY_KEPT_MS)
            .limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    refusedInvitations: await inBatches(() =>
      db
        .deleteFrom("refused_invitation")
        .where(
          "id",
          "in",
          db
            .selectFrom("refused_invitation")
            .select("id")
            .where("created_at", "<=", now - INVITATIONS_COUNTED_MS)
            .limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
  };
}

/** Repeats a delete of at most BATCH rows until one deletes fewer; how many were deleted in all. */
async function inBatches(deleteBatch: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = Number((await deleteBatch()).numDeletedRows);
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
}

/**
 * The summaries of hours, then of days (of every zone that begins one then), begun before
 * `before`: one hour's or one day's at a time, the oldest first; and the record of which days were
 * summed.
 */
async function deleteOldSpeedSummaries(db: Kysely<DatabaseSchema>, before: number): Promise<number> {
  const deleted =
    (await deleteOldestFirst(db, "speed_summary_hour", "hour_start", before)) +
    (await deleteOldestFirst(db, "speed_summary_day", "day_start", before));
  await db.deleteFrom("speed_summary_day_built").where("day_start", "<", before).execute();
  return deleted;
}

/** The rows of one start at a time, the oldest first, until none began before `before`. */
async function deleteOldestFirst(
  db: Kysely<DatabaseSchema>,
  table: "speed_summary_hour" | "speed_summary_day" | "tracking_hour",
  start: "hour_start" | "day_start",
  before: number,
): Promise<number> {
  // The tables share these two statements' shape; their columns' names are the caller's to pair.
  const summaries = db as unknown as Kysely<Record<string, Record<string, number>>>;
  let deleted = 0;
  for (;;) {
    const oldest = await summaries
      .selectFrom(table)
      .select(start)
      .where(start, "<", before)
      .orderBy(start)
      .limit(1)
      .executeTakeFirst();
    if (!oldest) return deleted;
    const result = await summaries.deleteFrom(table).where(start, "=", oldest[start]!).executeTakeFirstOrThrow();
    deleted += Number(result.numDeletedRows);
  }
}

/** A few ended sessions' selections at a time, until none is left. */
async function deleteSelectionsOfEndedSessions(db: Kysely<DatabaseSchema>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ended = await db
      .selectFrom("listing_selection")
      .select("session_id")
      .distinct()
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("session").select("id").whereRef("session.id", "=", "listing_selection.session_id"))),
      )
      .limit(100)
      .execute();
    if (ended.length === 0) return deleted;
    const result = await db
      .deleteFrom("listing_selection")
      .where(
        "session_id",
        "in",
        ended.map((row) => row.session_id),
      )
      .executeTakeFirstOrThrow();
    deleted += Number(result.numDeletedRows);
  }
}

/** Previews made before `madeBefore` and never applied, a few at a time, with their listings' rows. */
async function deleteOldPreviews(db: Kysely<DatabaseSchema>, madeBefore: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = await db
      .selectFrom("listing_change")
      .select("id")
      .where("state", "=", "previewed")
      .where("created_at", "<", madeBefore)
      .limit(100)
      .execute();
    if (old.length === 0) return deleted;
    const ids = old.map((row) => row.id);
    deleted += await db.transaction().execute((trx) => deleteStillPreviewed(trx, ids));
  }
}
