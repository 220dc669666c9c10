import type { Text } from "~/i18n/language-text";
import { describePriceChange } from "~/listing-changes/price-change";
import type { ActivityEntry } from "./activity.server";

/**
 * What an entry of the log says was done, in the member's language: one sentence, the same on the
 * page and in the exported file ("Raise by 5.00%, 12 listings", "Made Sam Rivera (demo-manager) a
 * viewer", "Changed on the listing’s page: Kindle Paperwhite 16GB").
 */
export function describeActivity(entry: ActivityEntry, locale: string, text: Text): string {
  switch (entry.kind) {
    case "listing-change":
      return text("activity.what.listing-change", {
        description: describePriceChange(entry.details.change, locale, text),
        title: entry.details.listing.title,
      });
    case "bulk-change":
    case "file-change":
    case "undo": {
      const { change, listings } = entry.details;
      return text(entry.kind === "undo" ? "activity.what.undo" : "activity.what.change", {
        description: describePriceChange(change, locale, text),
        count: listings,
        countText: listings.toLocaleString(locale),
      });
    }
    case "member-invited":
      return text("activity.what.member-invited", entry.details);
    case "invitation-withdrawn":
      return text("activity.what.invitation-withdrawn", entry.details);
    case "member-joined":
      return text("activity.what.member-joined", entry.details);
    case "role-changed":
      return text("activity.what.role-changed", { ...entry.details, name: entry.details.displayName });
    case "member-removed":
      return text("activity.what.member-removed", { ...entry.details, name: entry.details.displayName });
    case "tools-switched":
      return text("activity.what.tools-switched", entry.details);
  }
}

/** The change a listing kind's entry leads to, for its link; undefined for the others. */
export function changeIdOf(entry: ActivityEntry): string | undefined {
  return "changeId" in entry.details ? entry.details.changeId : undefined;
}
