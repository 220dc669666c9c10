import type { Kysely } from "kysely";
import { z } from "zod";
import { parseCookies, serializeCookie } from "~/cookies/cookies";
import type { DatabaseSchema } from "~/db/schema";
import { boundedMemo } from "~/memo/bounded-memo";
import type { Language } from "~/i18n/languages";
import {
  describeIssues,
  messageInLanguage,
  messageViewModelSchema,
  multilingualMessageSchema,
  storedMessageSchema,
  type PageMessage,
  type StoredMessage,
} from "./message-model";
import { INVALID_MESSAGE_MODEL, messageTone } from "./message-type";
import { closeCookie, isShownAtLoad, viewCookie, type CookieLookup, type CookieWrite } from "./message-state";

/**
 * The messages meant for this seller (or for every seller) whose time is now, in the seller's
 * language where the operator wrote one: alerts first, then the newest first.
 * A message without its own messageId is named by its row id (a message's cookies need a name); of two that share
 * a messageId only the newest shows, since they would share their cookies.
 */
export async function findCurrentMessages(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  language: Language,
  now = Date.now(),
): Promise<PageMessage[]> {
  const rows = await db
    .selectFrom("message")
    .select(["id", "model"])
    .where((eb) => eb.or([eb("seller_id", "=", sellerId), eb("seller_id", "is", null)]))
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const messages = new Map<string, PageMessage>();
  for (const row of rows) {
    const message = storedMessage(row, language);
    if (message && !messages.has(message.config.messageId)) messages.set(message.config.messageId, message);
  }
  // Alerts first: they ask the seller to act.
  return [...messages.values()].sort((a, b) => Number(messageTone(b) === "alert") - Number(messageTone(a) === "alert"));
}

function storedMessage(row: { id: number; model: string }, language: Language): PageMessage | undefined {
  const checked = checkedModel(row.model);
  if (!checked.ok) {
    // The spec's words first, then what an operator needs to mend the row: at every load, until it is mended.
    console.error(INVALID_MESSAGE_MODEL);
    console.error(`Message ${row.id} is not shown: ${checked.reason}`);
    return undefined;
  }
  const model = messageInLanguage(checked.model, language);
  return { ...model, config: { ...model.config, messageId: model.config?.messageId ?? String(row.id) } };
}

/** Every page load reads the same few stored models: each distinct text is parsed and validated once. */
const checkedModel = boundedMemo(
  1000,
  (text: string): { ok: true; model: StoredMessage } | { ok: false; reason: string } => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, reason: "its model is not JSON" };
    }
    const parsed = storedMessageSchema.safeParse(json);
    return parsed.success
      ? { ok: true, model: parsed.data }
      : { ok: false, reason: describeIssues(parsed.error, "model").join("; ") };
  },
);

/** The messages that show at this load, decided from the request's cookies (docs/product/behaviour.md). */
export function messagesShownAtLoad(messages: PageMessage[], cookieHeader: string | null): PageMessage[] {
  const cookies = parseCookies(cookieHeader);
  return messages.filter((message) => isShownAtLoad(message.config, (name) => cookies.get(name)));
}

/** One of the seller's current messages, by its messageId. */
export async function findCurrentMessage(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  messageId: unknown,
  language: Language,
  now = Date.now(),
): Promise<PageMessage | undefined> {
  return (await findCurrentMessages(db, sellerId, language, now)).find(
    (message) => message.config.messageId === messageId,
  );
}

/** The Set-Cookie that records closing the message, by the rules of docs/product/behaviour.md and the request's cookies. */
export function closedMessageCookie(message: PageMessage, request: Request): string | null {
  return setCookieBy(closeCookie, message, request);
}

/** The Set-Cookie that counts one showing of the message (a browser without JavaScript cannot count it itself). */
export function viewedMessageCookie(message: PageMessage, request: Request): string | null {
  return setCookieBy(viewCookie, message, request);
}

function setCookieBy(
  rule: (config: PageMessage["config"], cookie: CookieLookup) => CookieWrite | null,
  message: PageMessage,
  request: Request,
): string | null {
  const cookies = parseCookies(request.headers.get("Cookie"));
  const cookie = rule(message.config, (name) => cookies.get(name));
  return (
    cookie &&
    serializeCookie(cookie.name, cookie.value, {
      expires: cookie.expires,
      secure: new URL(request.url).protocol === "https:",
    })
  );
}

/** 2026-07-01 (midnight UTC) or 2026-07-01T09:00:00Z / +02:00: never a time without its zone. */
const isoDate = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/,
    "a date such as 2026-07-01 or 2026-07-01T09:00:00Z",
  )
  .refine(isCalendarDate, "not a date on the calendar")
  .transform((text) => Date.parse(text));

/** Date.parse would quietly read 2026-02-30 as 2 March. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(text));
}

/** What an operator writes to add a message (`npm run messages:add -- FILE.json`). */
export const messageFileSchema = z.strictObject({
  /** "all", or { "seller": "username" }: no default, so a forgotten line never reaches every seller. */
  audience: z.union([z.literal("all"), z.strictObject({ seller: z.string().min(1) })], {
    error: 'audience must be "all" or { "seller": "username" }',
  }),
  /** Default: now. */
  startsAt: isoDate.optional(),
  /** Default: shown until another message replaces it, or an operator ends it (`npm run messages:end`). */
  endsAt: isoDate.optional(),
  /** One message view model, or `{ "languages": { "en-US": model, "de-DE": model } }`. */
  model: storedMessageSchema,
});

/** As an operator writes it: the model one view model, or one per language. */
export type MessageFile = Omit<z.input<typeof messageFileSchema>, "model"> & {
  model: z.input<typeof messageViewModelSchema> | z.input<typeof multilingualMessageSchema>;
};

export type AddMessageResult =
  | { ok: true; id: number; messageId: string; audience: string; startsAt: number; endsAt: number | null }
  | { ok: false; reasons: string[] };

/** Validates a message file and stores it; a refused file writes nothing and says why. */
export async function addMessage(
  db: Kysely<DatabaseSchema>,
  file: unknown,
  now = Date.now(),
): Promise<AddMessageResult> {
  const parsed = messageFileSchema.safeParse(file);
  if (!parsed.success) return { ok: false, reasons: describeIssues(parsed.error) };
  const { audience, model, startsAt = now, endsAt = null } = parsed.data;
  if (endsAt !== null && endsAt <= now)
    return { ok: false, reasons: ["endsAt: is in the past, so the message would never show"] };
  if (endsAt !== null && endsAt <= startsAt) return { ok: false, reasons: ["endsAt: must be after startsAt"] };

  let sellerId: number | null = null;
  if (audience !== "all") {
    const seller = await db
      .selectFrom("seller")
      .select("id")
      .where("username", "=", audience.seller)
      .executeTakeFirst();
    if (!seller)
      return { ok: false, reasons: [`audience.seller: no seller has the username ${JSON.stringify(audience.seller)}`] };
    sellerId = seller.id;
  }
  const { id } = await db
    .insertInto("message")
    .values({
      seller_id: sellerId,
      model: JSON.stringify(model),
      starts_at: startsAt,
      ends_at: endsAt,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    ok: true,
    id,
    messageId: messageInLanguage(model, "en-US").config?.messageId ?? String(id),
    audience: audience === "all" ? "every seller" : audience.seller,
    startsAt,
    endsAt,
  };
}
