import type { Text } from "~/i18n/language-text";
import { describePriceChange } from "~/listing-changes/price-change";
import type { MemberDetails } from "./activity-kinds";
import type { ActivityEntry } from "./activity.server";

/**
 * What an entry of the log says was done, in the member's language: one sentence, the same on the
 * page and in the exported file ("Raise by 5.00%, 12 listings", "Made Sam Rivera (demo-manager) a
 * viewer", "Changed on the listing’s page: Kindle Paperwhite 16GB"). `typed` is given each name
 * and title a person typed: the page isolates them (`isolate`, app/i18n/bidi.ts), the file keeps them.
 */
export function describeActivity(
  entry: ActivityEntry,
  locale: string,
  text: Text,
  typed: (value: string) => string = (value) => value,
): string {
  switch (entry.kind) {
    case "listing-change":
      return text("activity.what.listing-change", {
        description: describePriceChange(entry.details.change, locale, text),
        title: typed(entry.details.listing.title),
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
      return text("activity.what.member-invited", { ...entry.details, username: typed(entry.details.username) });
    case "invitation-withdrawn":
      return text("activity.what.invitation-withdrawn", { username: typed(entry.details.username) });
    case "member-joined":
      return text("activity.what.member-joined", entry.details);
    case "role-changed":
      return text("activity.what.role-changed", { ...named(entry.details, typed), role: entry.details.role });
    case "member-removed":
      return text("activity.what.member-removed", named(entry.details, typed));
    case "ownership-handed-over":
      return text("activity.what.ownership-handed-over", named(entry.details, typed));
    case "tools-switched":
      return text("activity.what.tools-switched", entry.details);
  }
}

/** A member as a sentence names them: by name, then username. */
const named = ({ displayName, username }: MemberDetails, typed: (value: string) => string) => ({
  name: typed(displayName),
  username: typed(username),
});

/** The change a listing kind's entry leads to, for its link; undefined for the others. */
export function changeIdOf(entry: ActivityEntry): string | undefined {
  return "changeId" in entry.details ? entry.details.changeId : undefined;
}
