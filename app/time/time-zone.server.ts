import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { HUB_TIME_ZONES, isHubTimeZone, type HubTimeZone } from "./time-zones";

/** Stores the member's choice; a zone not offered is refused and nothing changes. */
export async function chooseTimeZone(
  db: Kysely<DatabaseSchema>,
  memberId: number,
  timeZone: unknown,
): Promise<{ chosen: true } | { chosen: false }> {
  if (!isHubTimeZone(timeZone)) return { chosen: false };
  await db.updateTable("member").set({ time_zone: timeZone }).where("id", "=", memberId).execute();
  return { chosen: true };
}

/** A zone the seller may choose, named in their language. */
export interface TimeZoneOption {
  value: HubTimeZone;
  label: string;
}

/**
 * The zones offered, each named in the seller's language, for the header's choice. Named here and
 * sent with the shell's data rather than named in the browser: naming the 18 took 27 ms of
 * script at each hydration in Chromium (a CPU profile of the listings page's load), and a browser
 * whose time-zone names differ from Node's would not hydrate the server's markup.
 */
export function timeZoneOptions(language: string): TimeZoneOption[] {
  return HUB_TIME_ZONES.map((zone) => ({ value: zone, label: timeZoneLabel(zone, language) }));
}

/**
 * A zone as the seller's language names it, with its city: "Pacific Time (Los Angeles)",
 * "Mitteleuropäische Zeit (Berlin)". The names are the browser's and Node's own (CLDR), in every
 * language, so the catalogues need none. Named as of a fixed recent day: at a day when a zone kept
 * no summer time (Berlin in 1970) its generic name falls back to "Standard Time". UTC is UTC in
 * every language the hub speaks.
 */
export function timeZoneLabel(timeZone: HubTimeZone, language: string): string {
  const key = `${language} ${timeZone}`;
  let label = LABELS.get(key);
  if (label === undefined) {
    label = nameZone(timeZone, language);
    LABELS.set(key, label);
  }
  return label;
}

/**
 * Named once per language and zone (at most 8 × 18): naming the 18 zones took 11 ms in Node for
 * each render of the header's two choices (the header's and the phone menu's), at every page and
 * every in-app navigation; the shell's loader names them at each request.
 */
const LABELS = new Map<string, string>();

function nameZone(timeZone: HubTimeZone, language: string): string {
  if (timeZone === "UTC") return "UTC";
  const name =
    new Intl.DateTimeFormat(language, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(NAMED_AT)
      .find((part) => part.type === "timeZoneName")?.value ?? timeZone;
  const city = (timeZone.split("/").at(-1) as string).replaceAll("_", " ");
  return `${name} (${city})`;
}

const NAMED_AT = Date.UTC(2026, 0, 15);
