import type { Kysely } from "kysely";
import type { SignedInSeller } from "~/auth/session.server";
import type { DatabaseSchema } from "~/db/schema";
import type { ActivityDetails, ActivityKind, Actor } from "./activity-kinds";

/** How long the log keeps what happened (issue 32): a year, as a business's books look back. */
export const ACTIVITY_KEPT_MS = 366 * 24 * 60 * 60 * 1000;

/** Entries on one page of the log. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The signed-in member, acting for their account. */
export function actorOf({ seller, member }: Pick<SignedInSeller, "seller" | "member">): Actor {
  return { sellerId: seller.id, memberId: member.id };
}

/**
 * Tells the log of a change, in the change's own transaction (`db` is that transaction): a change
 * rolled back leaves no entry, and an entry never lacks its change.
 */
export async function recordActivity<Kind extends ActivityKind>(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  kind: Kind,
  details: ActivityDetails[Kind],
  at: number,
): Promise<void> {
  await db
    .insertInto("activity")
    .values({ seller_id: by.sellerId, member_id: by.memberId, at, kind, details: JSON.stringify(details) })
    .execute();
}

/** A member as the log names them: removed members stay named. */
export interface ActivityMember {
  id: number;
  username: string;
  displayName: string;
  removed: boolean;
}

/** One entry of the log: who did what and when. */
export type ActivityEntry = {
  [Kind in ActivityKind]: {
    id: number;
    at: number;
    kind: Kind;
    details: ActivityDetails[Kind];
    member: ActivityMember;
  };
}[ActivityKind];

export interface ActivityFilters {
  /** One member's entries; undefined: everyone's. */
  memberId?: number;
  kind?: ActivityKind;
}

/** Where a page of the log starts: after the entry at `at` with `id` (newest first). */
export interface ActivityCursor {
  at: number;
  id: number;
}

/**
 * One page of the account's log, newest first, by keyset (before `cursor`): a page deep in a year
 * of entries costs what the first does, and an entry written meanwhile does not shift the pages.
 * `next` is where the following page starts; null on the last.
 */
export async function findActivity(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  filters: ActivityFilters,
  cursor: ActivityCursor | undefined,
  limit = ACTIVITY_PAGE_SIZE,
): Promise<{ entries: ActivityEntry[]; next: ActivityCursor | null }> {
  const rows = await db
    .selectFrom("activity")
    .innerJoin("member", "member.id", "activity.member_id")
    .select([
      "activity.id",
      "activity.at",
      "activity.kind",
      "activity.details",
      "activity.member_id",
      "member.username",
      "member.display_name",
      "member.removed_at",
    ])
    .where("activity.seller_id", "=", sellerId)
    .$if(filters.memberId !== undefined, (query) => query.where("activity.member_id", "=", filters.memberId as number))
    .$if(filters.kind !== undefined, (query) => query.where("activity.kind", "=", filters.kind as ActivityKind))
    .$if(cursor !== undefined, (query) =>
      query.where((eb) =>
        eb(eb.refTuple("activity.at", "activity.id"), "<", eb.tuple(cursor?.at as number, cursor?.id as number)),
      ),
    )
    .orderBy("activity.at", "desc")
    .orderBy("activity.id", "desc")
    .limit(limit + 1)
    .execute();
  const entries = rows.slice(0, limit).map(
    (row) =>
      ({
        id: row.id,
        at: Number(row.at),
        kind: row.kind,
        details: JSON.parse(row.details),
        member: {
          id: row.member_id,
          username: row.username,
          displayName: row.display_name,
          removed: row.removed_at !== null,
        },
      }) as ActivityEntry,
  );
  const last = entries.at(-1);
  return { entries, next: rows.length > limit && last ? { at: last.at, id: last.id } : null };
}

/** Everyone who has been on the account's team, removed members too: the log's filter names them all. */
export async function findActivityMembers(db: Kysely<DatabaseSchema>, sellerId: number): Promise<ActivityMember[]> {
  const rows = await db
    .selectFrom("member")
    .select(["id", "username", "display_name", "removed_at"])
    .where("seller_id", "=", sellerId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    removed: row.removed_at !== null,
  }));
}
