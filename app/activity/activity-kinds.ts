import type { MessageKey } from "~/i18n/language-text";
import type { PriceChange } from "~/listing-changes/price-change";
import type { InvitedRole } from "~/team/roles";

/**
 * What the account's activity log tells of (decision 086, step 4): every change to the account's
 * data, each kind with what its sentence needs. A row is written in the same transaction as the
 * change it tells of, so the log holds what happened, no more and no less.
 */
export const ACTIVITY_KINDS = [
  "bulk-change",
  "file-change",
  "listing-change",
  "undo",
  "member-invited",
  "invitation-withdrawn",
  "member-joined",
  "role-changed",
  "member-removed",
  "ownership-handed-over",
  "tools-switched",
] as const;

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export function isActivityKind(value: unknown): value is ActivityKind {
  return typeof value === "string" && (ACTIVITY_KINDS as readonly string[]).includes(value);
}

/** A change of prices or quantities, as the log keeps it: its page is /sh/lst/prices/:changeId. */
export interface ListingChangeDetails {
  changeId: string;
  change: PriceChange;
  /** Listings it gave a new value (or, undone, gave back their old one). */
  listings: number;
}

/** A change on one listing's page names the listing, as it was titled then. */
export interface ListingPageDetails extends ListingChangeDetails {
  listing: { id: number; title: string };
}

/** A team change names the member it was about as they were named then. */
export interface MemberDetails {
  username: string;
  displayName: string;
}

export interface ActivityDetails {
  "bulk-change": ListingChangeDetails;
  "file-change": ListingChangeDetails;
  "listing-change": ListingPageDetails;
  undo: ListingChangeDetails;
  "member-invited": { username: string; role: InvitedRole };
  "invitation-withdrawn": { username: string };
  "member-joined": { role: InvitedRole };
  "role-changed": MemberDetails & { role: InvitedRole };
  "member-removed": MemberDetails;
  /** The member who became the owner; the one who handed it over is the entry's member. */
  "ownership-handed-over": MemberDetails;
  /** To the previous listings tool, or back to the hub's. */
  "tools-switched": { to: "previous" | "hub" };
}

/** Who does something, for which account: what every change to the account's data is told. */
export interface Actor {
  sellerId: number;
  memberId: number;
}

/** Each kind's name in the catalogues, for the log's filter and its Kind column. */
export const ACTIVITY_KIND_LABELS = {
  "bulk-change": "activity.kind.bulk-change",
  "file-change": "activity.kind.file-change",
  "listing-change": "activity.kind.listing-change",
  undo: "activity.kind.undo",
  "member-invited": "activity.kind.member-invited",
  "invitation-withdrawn": "activity.kind.invitation-withdrawn",
  "member-joined": "activity.kind.member-joined",
  "role-changed": "activity.kind.role-changed",
  "member-removed": "activity.kind.member-removed",
  "ownership-handed-over": "activity.kind.ownership-handed-over",
  "tools-switched": "activity.kind.tools-switched",
} as const satisfies Record<ActivityKind, MessageKey>;
