import type { Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import type { Dialect } from "./dialect.server";
import * as initial from "./0001-initial.server";
import * as speedBeaconIndexes from "./0002-speed-beacon-indexes.server";
import * as listingSortIndexes from "./0005-listing-sort-indexes.server";
import * as signInFailures from "./0006-sign-in-failures.server";
import * as overviewTotalsIndex from "./0007-overview-totals-index.server";
import * as listingTallies from "./0008-listing-tallies.server";
import * as listingTitleSearch from "./0009-listing-title-search.server";
import * as expiryIndexes from "./0010-expiry-indexes.server";
import * as speedBeaconClient from "./0011-speed-beacon-client.server";
import * as trackingEvents from "./0012-tracking-events.server";
import * as listingEpidSearch from "./0013-listing-epid-search.server";
import * as bulkPriceChanges from "./0014-bulk-price-changes.server";
import * as unicodeLower from "./0015-unicode-lower.server";
import * as knownBrowsers from "./0016-known-browsers.server";
import * as sessionLastSeen from "./0017-session-last-seen.server";
import * as speedBeaconResources from "./0018-speed-beacon-resources.server";
import * as foldedTitles from "./0019-folded-titles.server";
import * as sellerLanguage from "./0020-seller-language.server";
import * as titleOrder from "./0021-title-order.server";
import * as sellerTimeZone from "./0022-seller-time-zone.server";
import * as sellerAppearance from "./0023-seller-appearance.server";
import * as listingBannerCodes from "./0024-listing-banner-codes.server";
import * as listingChanges from "./0025-listing-changes.server";
import * as members from "./0026-members.server";
import * as invitations from "./0027-invitations.server";
import * as activity from "./0028-activity.server";
import * as refusedInvitations from "./0029-refused-invitations.server";
import * as oneOwner from "./0030-one-owner.server";
import * as beaconIdsInIndexes from "./0031-beacon-ids-in-indexes.server";
import * as speedSummaries from "./0032-speed-summaries.server";
import * as speedSummariesAgain from "./0033-speed-summaries-again.server";
import * as speedSummaryDays from "./0034-speed-summary-days.server";
import * as speedHoursOverSegments from "./0035-speed-hours-over-segments.server";
import * as trackingHours from "./0036-tracking-hours.server";
import * as speedDaySummings from "./0037-speed-day-summings.server";
import * as changeAmountsIn64Bits from "./0038-change-amounts-in-64-bits.server";

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** In order; a migration's name never changes once it has shipped. */
const migrations: Record<string, DialectMigration> = {
  "0001-initial": initial,
  "0002-speed-beacon-indexes": speedBeaconIndexes,
  "0005-listing-sort-indexes": listingSortIndexes,
  "0006-sign-in-failures": signInFailures,
  "0007-overview-totals-index": overviewTotalsIndex,
  "0008-listing-tallies": listingTallies,
  "0009-listing-title-search": listingTitleSearch,
  "0010-expiry-indexes": expiryIndexes,
  "0011-speed-beacon-client": speedBeaconClient,
  "0012-tracking-events": trackingEvents,
  "0013-listing-epid-search": listingEpidSearch,
  "0014-bulk-price-changes": bulkPriceChanges,
  "0015-unicode-lower": unicodeLower,
  "0016-known-browsers": knownBrowsers,
  "0017-session-last-seen": sessionLastSeen,
  "0018-speed-beacon-resources": speedBeaconResources,
  "0019-folded-titles": foldedTitles,
  "0020-seller-language": sellerLanguage,
  "0021-title-order": titleOrder,
  "0022-seller-time-zone": sellerTimeZone,
  "0023-seller-appearance": sellerAppearance,
  "0024-listing-banner-codes": listingBannerCodes,
  "0025-listing-changes": listingChanges,
  "0026-members": members,
  "0027-invitations": invitations,
  "0028-activity": activity,
  "0029-refused-invitations": refusedInvitations,
  "0030-one-owner": oneOwner,
  "0031-beacon-ids-in-indexes": beaconIdsInIndexes,
  "0032-speed-summaries": speedSummaries,
  "0033-speed-summaries-again": speedSummariesAgain,
  "0034-speed-summary-days": speedSummaryDays,
  "0035-speed-hours-over-segments": speedHoursOverSegments,
  "0036-tracking-hours": trackingHours,
  "0037-speed-day-summings": speedDaySummings,
  "0038-change-amounts-in-64-bits": changeAmountsIn64Bits,
};

export const MIGRATION_NAMES = Object.keys(migrations);

/** Migrations are bundled with the server, so they are listed here rather than read from disk. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      const bound: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(migrations)) {
        bound[name] = { up: (db) => migration.up(db, dialect) };
      }
      return bound;
    },
  };
}
