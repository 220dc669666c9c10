import type { ColumnType, Generated, Insertable, Selectable } from "kysely";
import type { ActivityKind } from "~/activity/activity-kinds";
import type { InvitedRole, Role } from "~/team/roles";

/** Times are milliseconds since the epoch; money is integer minor units. */
export interface DatabaseSchema {
  seller: SellerTable;
  member: MemberTable;
  invitation: InvitationTable;
  refused_invitation: RefusedInvitationTable;
  session: SessionTable;
  listing: ListingTable;
  listing_tally: ListingTallyTable;
  message: MessageTable;
  opt_out: OptOutTable;
  speed_beacon: SpeedBeaconTable;
  speed_beacon_unsummed: SpeedBeaconUnsummedTable;
  speed_summary_hour: SpeedSummaryHourTable;
  speed_summary_day: SpeedSummaryDayTable;
  speed_summary_day_built: SpeedSummaryDayBuiltTable;
  speed_hours_over_segments: SpeedHoursOverSegmentsTable;
  sign_in_failure: SignInFailureTable;
  known_browser: KnownBrowserTable;
  tracking_event: TrackingEventTable;
  tracking_hour: TrackingHourTable;
  listing_selection: ListingSelectionTable;
  listing_change: ListingChangeTable;
  listing_change_item: ListingChangeItemTable;
  activity: ActivityTable;
}

/** An account (decision 086): the business whose listings, site and currency these are. Its people are its members. */
export interface SellerTable {
  id: Generated<number>;
  /** The account's handle (its store's address, a message's audience); the owner who opened it signs in with it too. */
  username: string;
  /** The business's name, shown beside the member's own. */
  display_name: string;
  feedback_score: number;
  store_url: string;
  site: string;
  locale: string;
  currency: string;
  created_at: number;
}

/** A person who signs in to an account (migration 0026), with their role and how they read the hub. */
export interface MemberTable {
  id: Generated<number>;
  seller_id: number;
  /** Lower-cased, unique across the hub: what the member signs in with. */
  username: string;
  display_name: string;
  password_hash: string;
  role: Role;
  /** The language the member chose for the hub; null: their account's site's (`seller.locale`). */
  language: string | null;
  /** The time zone the member chose to read times in; null: their account's site's (app/time/time-zones.ts). */
  time_zone: string | null;
  /** "light" or "dark" as the member chose; null follows their system (decision 082). */
  appearance: string | null;
  created_at: number;
  /** When the owner removed them: they can no longer sign in, and their sessions are gone. */
  removed_at: number | null;
}

/** An invitation to an account's team (migration 0027): a single-use link, kept as its token's hash. */
export interface InvitationTable {
  id: Generated<number>;
  seller_id: number;
  /** The username the member will sign in with, lower-cased. */
  username: string;
  role: InvitedRole;
  /** SHA-256 of the link's token, base64url: a leaked table does not leak invitations. */
  token_hash: string;
  /** The member who sent it; null once they are gone. */
  invited_by: number | null;
  created_at: number;
  expires_at: number;
  /** When it made its member: an invitation is used once. */
  used_at: number | null;
  /** When the owner withdrew it: its link works no more, and it still counts among the day's. */
  withdrawn_at: number | null;
}

/**
 * An invitation refused for a taken username (migration 0029): it counts among the account's day
 * of invitations, so the form cannot be asked which usernames exist. The username is not kept.
 */
export interface RefusedInvitationTable {
  id: Generated<number>;
  seller_id: number;
  created_at: number;
}

export interface SessionTable {
  /** SHA-256 of the cookie's token: a leaked table does not leak sessions. */
  id: string;
  /** The account the member works for (their member row says the same). */
  seller_id: number;
  /** The member signed in; null never written (migration 0026 filled the sessions before it). */
  member_id: number | null;
  srt: string;
  /** The browser's User-Agent at sign-in (at most 512 characters), for the member's list of sessions. */
  user_agent: string | null;
  /** The client's address at sign-in, as the sign-in limits see it (server/proxy.ts). */
  address: string | null;
  created_at: number;
  expires_at: number;
  /** When it was last used, to the nearest SESSION_SEEN_EVERY_MS: an idle session ends (SESSION_IDLE_MS). */
  last_seen_at: number;
}

export interface ListingTable {
  id: Generated<number>;
  seller_id: number;
  epid: string;
  title: string;
  condition: string;
  price: number;
  additional_price: number | null;
  logistics_cost: number;
  currency: string;
  status: string;
  /** A code of LISTING_BANNERS (app/listings/listing-fields.ts), or none. */
  banner_status: string | null;
  quantity: number;
  sold: number;
  awaiting_shipment: number;
  created_at: number;
  /** Counts the changes of `price` (migration 0014): a bulk change writes only the version its preview saw. */
  price_version: Generated<number>;
  /** Counts the changes of `quantity` by the hub (migration 0025), as `price_version` does the price's. */
  quantity_version: Generated<number>;
  /**
   * The title with case and accents folded, what the title search compares (migration 0019): kept
   * by the database from `title`, never written by the app. Null only between an SQLite insert and
   * its trigger.
   */
  folded_title: ColumnType<string | null, never, never>;
}

/** Kept by the database's triggers on `listing` (migration 0008): the app reads it and never writes it. */
type Tallied<T> = ColumnType<T, never, never>;

/** The seller's listings of one status and condition, counted and summed; a row goes with its last listing. */
export interface ListingTallyTable {
  seller_id: Tallied<number>;
  status: Tallied<string>;
  condition: Tallied<string>;
  /** How many listings. */
  listings: Tallied<number>;
  /** Units sold, summed. */
  sold: Tallied<number>;
  /** Price × units sold, summed: minor units of each listing's currency. */
  sales_value: Tallied<number>;
  /** Units sold and not yet shipped, summed. */
  awaiting_shipment: Tallied<number>;
}

export interface MessageTable {
  id: Generated<number>;
  /** null: the message is for every seller. */
  seller_id: number | null;
  /** The message view model (docs/product/models.md) as JSON. */
  model: string;
  starts_at: number;
  ends_at: number | null;
  created_at: number;
}

export interface OptOutTable {
  seller_id: number;
  tool: string;
  created_at: number;
}

export interface SpeedBeaconTable {
  id: Generated<number>;
  page_name: string;
  seller_id: number | null;
  speed_session: string;
  received_at: number;
  /** Who sent it, for the limits per client: an IPv4 address or an IPv6 /64; null before migration 0011. */
  client: string | null;
  /** The beacon's figures as JSON: what the dashboard reads. */
  metrics: string;
  /** The beacon's resource timings as a JSON array, kept apart from its figures; null before migration 0018. */
  resources: string | null;
}

/** A beacon not yet added to its hour's summary (migration 0032). */
export interface SpeedBeaconUnsummedTable {
  beacon_id: number;
}

/** The page views of one key that began in one UTC hour, summed (migration 0032, docs/decisions/049). */
export interface SpeedSummaryHourTable {
  /** 0 for the pages of nobody signed in. */
  seller_id: number;
  hour_start: number;
  page_name: string;
  /** The device class, the connection and the release; '' where the beacon told none. */
  device: string;
  connection: string;
  release: string;
  /** Counts and log histograms as JSON (app/site-speed/page-view-figures.ts). */
  figures: string;
}

/** A seller's hours' summaries of one day of a reader's time zone, summed (migration 0034, docs/decisions/049). */
export interface SpeedSummaryDayTable {
  seller_id: number;
  /** The zone whose day this is ("America/Los_Angeles"), and the instant its day began. */
  time_zone: string;
  day_start: number;
  page_name: string;
  device: string;
  connection: string;
  release: string;
  figures: string;
}

/** A day of a zone whose summaries are in `speed_summary_day`, page views or none (migration 0034). */
export interface SpeedSummaryDayBuiltTable {
  seller_id: number;
  time_zone: string;
  day_start: number;
  /** This summing's own id, which a process that keeps the day's figures in memory knows them by (migration 0037). */
  summing_id: Generated<string>;
}

/** An account whose hours are also summed over every segment, from `since` on (migration 0035). */
export interface SpeedHoursOverSegmentsTable {
  seller_id: number;
  since: number;
}

/**
 * Page tracking of one signed-in account's hour (UTC), per page and action: how often it
 * happened, added to as beacons arrive (migration 0036). The dashboard counts from these.
 */
export interface TrackingHourTable {
  seller_id: number;
  hour_start: number;
  page_name: string;
  action: string;
  events: number;
}

/** Page tracking: one row per action and page view, with how often it happened; counted into `tracking_hour`. */
export interface TrackingEventTable {
  id: Generated<number>;
  page_name: string;
  action: string;
  count: number;
  seller_id: number | null;
  page_view: string;
  received_at: number;
}

export interface SignInFailureTable {
  id: Generated<number>;
  /** The username as typed (lower-cased), whether or not such an account exists. */
  account: string;
  /** The client's network address. */
  client: string;
  at: number;
}

/** A browser an account signed in from: the sign-in limit per account does not lock it out. */
export interface KnownBrowserTable {
  /** The SHA-256 of the browser's cookie token, in base64url. */
  token_hash: string;
  /** The username (lower-cased). */
  account: string;
  expires_at: number;
}

/** The listings selected in one session for a bulk price change. */
export interface ListingSelectionTable {
  session_id: string;
  listing_id: number;
}

/** A change of listings' prices or quantities (decision 085): a preview, then applied, then perhaps undone. */
export interface ListingChangeTable {
  /** Chosen at the preview: a second submit of the same change finds it. */
  id: string;
  seller_id: number;
  kind: string;
  /**
   * Hundredths of a major unit, or of a per cent (app/listing-changes/price-change.ts): up to
   * 9,999,999,900 (¥99,999,999), so 64 bits (migration 0038).
   */
  amount: number;
  /** Cents each new price ends in; null: no rounding. */
  ending: number | null;
  state: "previewed" | "applied" | "undone";
  created_at: number;
  applied_at: number | null;
  undone_at: number | null;
  /** The member who applied it; null while it is a preview (whoever applies it is named then). */
  member_id: number | null;
  /** The member who undid it. */
  undone_by: number | null;
}

/** What a change item writes: a listing's price (minor units of its currency) or its quantity. */
export type ChangedField = "price" | "quantity";

/** One listing's field in a change. */
export interface ListingChangeItemTable {
  change_id: string;
  listing_id: number;
  field: ChangedField;
  old_value: number;
  /** The listing's version of the field (`price_version`, `quantity_version`) when the change read it. */
  old_version: number;
  /** null: the change cannot apply to this listing, for `problem`. */
  new_value: number | null;
  problem: string | null;
  /** After applying: applied, or conflict (the field had changed since the preview). */
  outcome: "applied" | "conflict" | null;
  /** After undoing: restored, or changed_since (the field had changed again, and was kept). */
  undo_outcome: "restored" | "changed_since" | null;
}

export type Seller = Selectable<SellerTable>;
export type NewSeller = Insertable<SellerTable>;
export type Member = Selectable<MemberTable>;
export type Listing = Selectable<ListingTable>;
export type NewListing = Insertable<ListingTable>;

/** One change to the account's data, as its activity log tells of it (migration 0028, app/activity/). */
export interface ActivityTable {
  id: Generated<number>;
  seller_id: number;
  /** Who made it: a removed member's row stays, and so does their name here. */
  member_id: number;
  at: number;
  kind: ActivityKind;
  /** JSON: what the kind's sentence needs (app/activity/activity-kinds.ts). */
  details: string;
}
