/**
 * The seller's time zone: the one they chose, else their site's, as eBay's sites tell times (eBay.com
 * in Pacific time, the European sites in their country's). Shared by the server, which stores the
 * choice, and the components, which format times in it.
 */

/** The zones offered: those of the hub's sites' countries, west to east, and UTC. */
export const HUB_TIME_ZONES = [
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Phoenix",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "Atlantic/Canary",
  "Europe/Dublin",
  "Europe/London",
  "Europe/Madrid",
  "Europe/Paris",
  "Europe/Brussels",
  "Europe/Berlin",
  "Europe/Vienna",
  "Europe/Zurich",
  "Europe/Rome",
  "UTC",
] as const;

export type HubTimeZone = (typeof HUB_TIME_ZONES)[number];

/** Each site's own zone, by the seller's locale. */
const SITE_TIME_ZONES: Record<string, HubTimeZone> = {
  "en-US": "America/Los_Angeles",
  "en-GB": "Europe/London",
  "de-DE": "Europe/Berlin",
  "fr-FR": "Europe/Paris",
  "it-IT": "Europe/Rome",
  "es-ES": "Europe/Madrid",
};

export function isHubTimeZone(value: unknown): value is HubTimeZone {
  return typeof value === "string" && (HUB_TIME_ZONES as readonly string[]).includes(value);
}

/** The zone a member reads times in: their choice, else their account's site's, else UTC. */
export function timeZoneOfMember(member: { time_zone: string | null }, account: { locale: string }): HubTimeZone {
  if (isHubTimeZone(member.time_zone)) return member.time_zone;
  return SITE_TIME_ZONES[account.locale] ?? "UTC";
}

/** A moment as the seller reads it, the zone named beside it: "Nov 23, 2026, 12:10 PM PST". */
export function formatTime(at: number, locale: string, timeZone: string): string {
  // The fields of dateStyle "medium" and timeStyle "short", spelled out: Intl takes no zone name with the styles.
  return new Intl.DateTimeFormat(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(at);
}
