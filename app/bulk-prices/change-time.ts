/** When a price change was applied or can be undone until, as the seller reads it; the zone is said beside it (UTC). */
export function formatChangeTime(at: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(at);
}
