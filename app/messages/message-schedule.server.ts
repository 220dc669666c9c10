import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";

/** A message an operator can still act on: showing now, or scheduled to show. */
export interface ScheduledMessage {
  id: number;
  /** A seller's username, or "every seller". */
  audience: string;
  /** The model's title, else the start of its message, so an operator can tell messages apart. */
  summary: string;
  startsAt: number;
  endsAt: number | null;
  state: "showing" | "scheduled";
}

/** The messages that are showing or will show, soonest first: what `npm run messages:list` prints. */
export async function listScheduledMessages(db: Kysely<DatabaseSchema>, now = Date.now()): Promise<ScheduledMessage[]> {
  const rows = await notEnded(db, now).orderBy("message.starts_at").orderBy("message.id").execute();
  return rows.map((row) => scheduledMessage(row, now));
}

export type EndMessageResult = { ok: true; message: ScheduledMessage } | { ok: false; reason: string };

/**
 * Ends a message now: it stops showing at the sellers' next page load, and a scheduled one never
 * shows. The row stays, so what was shown when remains on record.
 */
export async function endMessage(db: Kysely<DatabaseSchema>, id: number, now = Date.now()): Promise<EndMessageResult> {
  const row = await notEnded(db, now).where("message.id", "=", id).executeTakeFirst();
  if (!row) {
    const exists = await db.selectFrom("message").select("id").where("id", "=", id).executeTakeFirst();
    return { ok: false, reason: exists ? `Message ${id} has already ended.` : `There is no message ${id}.` };
  }
  await db.updateTable("message").set({ ends_at: now }).where("id", "=", id).execute();
  return { ok: true, message: { ...scheduledMessage(row, now), endsAt: now } };
}

function notEnded(db: Kysely<DatabaseSchema>, now: number) {
  return db
    .selectFrom("message")
    .leftJoin("seller", "seller.id", "message.seller_id")
    .select(["message.id", "message.model", "message.starts_at", "message.ends_at", "seller.username"])
    .where((eb) => eb.or([eb("message.ends_at", "is", null), eb("message.ends_at", ">", now)]));
}

interface MessageRow {
  id: number;
  model: string;
  starts_at: number;
  ends_at: number | null;
  username: string | null;
}

function scheduledMessage(row: MessageRow, now: number): ScheduledMessage {
  return {
    id: row.id,
    audience: row.username ?? "every seller",
    summary: summarise(row.model),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    state: row.starts_at <= now ? "showing" : "scheduled",
  };
}

/** Stored models are read as they are: an invalid one is still listed, so that it can be ended. */
function summarise(model: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(model);
  } catch {
    return "(model is not JSON)";
  }
  // A message in several languages is told apart by its English.
  const languages = (parsed as { languages?: Record<string, unknown> } | null)?.languages;
  const english = (languages ? (languages["en-US"] ?? languages["en-GB"]) : parsed) ?? {};
  const { title, message } = english as { title?: unknown; message?: unknown };
  const text = typeof title === "string" ? title : typeof message === "string" ? message : "(no title)";
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}
