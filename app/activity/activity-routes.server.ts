import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { pageUrl } from "~/http/page-url";
import { refusal } from "~/http/refusal";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { MessageKey, Text } from "~/i18n/language-text";
import { formattingLocale, type Language } from "~/i18n/languages";
import { inertText, spreadsheetCsv, spreadsheetDialect } from "~/spreadsheets/spreadsheet-dialect";
import { ACTIVITY_KIND_LABELS, isActivityKind } from "./activity-kinds";
import { changeIdOf, describeActivity } from "./activity-text";
import { findActivity, findActivityMembers, type ActivityCursor, type ActivityFilters } from "./activity.server";

/** What the log's address asks for: its filters, and where its page starts. */
export interface ActivityQuery {
  filters: ActivityFilters;
  cursor: ActivityCursor | undefined;
}

/** `before`: the last entry of the page before, as `<at>_<id>`. */
/** The largest id PostgreSQL's `integer` holds: a larger one in the address would fail the query (500). */
const MAX_ID = 2_147_483_647;
const CURSOR = /^(\d{1,16})_(\d{1,16})$/;

/**
 * Reads `?member=&kind=&before=`. A member not of the account's team, a kind the log does not have
 * or a malformed page is refused (400) with the reason, rather than shown as an empty log that
 * would say nothing was done.
 */
export function readActivityQuery(params: URLSearchParams, memberIds: ReadonlySet<number>, text: Text): ActivityQuery {
  const filters: ActivityFilters = {};
  const member = params.get("member") ?? "";
  if (member !== "") {
    const id = /^\d{1,16}$/.test(member) ? Number(member) : NaN;
    if (!memberIds.has(id)) throw refusal(400, text("activity.refused.member"));
    filters.memberId = id;
  }
  const kind = params.get("kind") ?? "";
  if (kind !== "") {
    if (!isActivityKind(kind)) throw refusal(400, text("activity.refused.kind"));
    filters.kind = kind;
  }
  const before = params.get("before") ?? "";
  if (before === "") return { filters, cursor: undefined };
  const [, at, id] = CURSOR.exec(before) ?? [];
  if (at === undefined || id === undefined || !Number.isSafeInteger(Number(at)) || Number(id) > MAX_ID)
    throw refusal(400, text("activity.refused.before"));
  return { filters, cursor: { at: Number(at), id: Number(id) } };
}

/** The `before` of the page after one that ended at `cursor`. */
export function cursorParam({ at, id }: ActivityCursor): string {
  return `${at}_${id}`;
}

/** The activity page's data: the team for the filter, the filters as chosen, a page of entries. */
export async function activityPage(request: Request, { db }: Database, { seller }: SignedInSeller, text: Text) {
  const members = await findActivityMembers(db, seller.id);
  const params = pageUrl(request).searchParams;
  const query = readActivityQuery(params, new Set(members.map((member) => member.id)), text);
  const page = await findActivity(db, seller.id, query.filters, query.cursor);
  return {
    members,
    // As read, not as typed: "member=007" chooses member 7 in the form too.
    chosen: { member: query.filters.memberId?.toString() ?? "", kind: query.filters.kind ?? "" },
    entries: page.entries,
    next: page.next && cursorParam(page.next),
    first: query.cursor === undefined,
  };
}

/** The file's columns: when (UTC), who (name and username), the kind, what was done, the change's id. */
const FILE_HEADINGS = [
  "activity.file.when",
  "activity.file.member",
  "activity.file.username",
  "activity.file.kind",
  "activity.file.what",
  "activity.file.change",
] as const satisfies readonly MessageKey[];

/** Entries read at a time for the file: a year of a busy team's entries, never held at once. */
const EXPORT_BATCH = 1_000;

/**
 * The log's entries that match the filters, every page of them, newest first, as a CSV file for
 * the spreadsheet of the member's language (as the listings' export: a byte order mark, the
 * language's delimiter, CR LF, every text cell made inert). Times are UTC in ISO 8601, which every
 * spreadsheet sorts and converts; the page shows them in the member's time zone.
 */
export function activityCsv(
  { db }: Database,
  sellerId: number,
  { filters }: ActivityQuery,
  language: Language,
): ReadableStream<Uint8Array> {
  const { text } = textOfLanguage(language);
  const locale = formattingLocale(language);
  const { delimiter } = spreadsheetDialect(language);
  const encoder = new TextEncoder();
  const csv = (records: string[][], bom = false) => encoder.encode(spreadsheetCsv(records, { delimiter }, { bom }));
  let cursor: ActivityCursor | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(csv([FILE_HEADINGS.map((heading) => text(heading))], true));
      },
      async pull(controller) {
        const page = await findActivity(db, sellerId, filters, cursor, EXPORT_BATCH);
        const rows = page.entries.map((entry) => [
          new Date(entry.at).toISOString(),
          inertText(entry.member.displayName),
          inertText(entry.member.username),
          inertText(text(ACTIVITY_KIND_LABELS[entry.kind])),
          inertText(describeActivity(entry, locale, text)),
          inertText(changeIdOf(entry) ?? ""),
        ]);
        if (rows.length > 0) controller.enqueue(csv(rows));
        if (!page.next) controller.close();
        else cursor = page.next;
      },
    },
    { highWaterMark: 1 },
  );
}

/** The file as the browser downloads it: never cached, since it is the account's own record. */
export function activityExportResponse(stream: ReadableStream<Uint8Array>, now: Date): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="activity-${now.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
