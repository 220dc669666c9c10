import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { LISTING_CONDITIONS, isListingCondition, type ListingCondition } from "./listing-fields";

/** Aggregates over every seller's active listings of a product: never one listing's details. */
export interface PriceFigures {
  listings: number;
  /** Minor units. */
  lowest: number;
  median: number;
  highest: number;
}

export interface MarketFigures {
  epid: string;
  currency: string;
  /** In the order of LISTING_CONDITIONS; a condition nobody lists is left out. */
  byCondition: Array<PriceFigures & { condition: ListingCondition }>;
  /** Every condition together; null when nobody lists the product. */
  overall: PriceFigures | null;
}

type MarketQuery = SelectQueryBuilder<DatabaseSchema, "listing", object>;

/**
 * The market for a product: how many active listings in the currency, and their lowest, median
 * and highest price, by condition. The median comes from ordered LIMIT/OFFSET reads of the
 * market index, which both SQLite and PostgreSQL answer without sorting.
 */
export async function findMarketFigures(
  db: Kysely<DatabaseSchema>,
  epid: string,
  currency: string,
): Promise<MarketFigures> {
  const market = db
    .selectFrom("listing")
    .where("epid", "=", epid)
    .where("currency", "=", currency)
    .where("status", "=", "active");
  const groups = await market
    .select((eb) => [
      "condition",
      eb.fn.countAll<number>().as("listings"),
      eb.fn.min("price").as("lowest"),
      eb.fn.max("price").as("highest"),
    ])
    .groupBy("condition")
    .execute();
  const order = Object.keys(LISTING_CONDITIONS);
  const byCondition = await Promise.all(
    groups
      .filter((group): group is typeof group & { condition: ListingCondition } => isListingCondition(group.condition))
      .sort((a, b) => order.indexOf(a.condition) - order.indexOf(b.condition))
      .map(async (group) => ({
        condition: group.condition,
        ...(await priceFigures(market.where("condition", "=", group.condition), group)),
      })),
  );
  const listings = groups.reduce((sum, group) => sum + Number(group.listings), 0);
  const overall =
    listings === 0
      ? null
      : await priceFigures(market, {
          listings,
          lowest: Math.min(...groups.map((group) => Number(group.lowest))),
          highest: Math.max(...groups.map((group) => Number(group.highest))),
        });
  return { epid, currency, byCondition, overall };
}

async function priceFigures(
  listings: MarketQuery,
  totals: { listings: unknown; lowest: unknown; highest: unknown },
): Promise<PriceFigures> {
  const count = Number(totals.listings);
  return {
    listings: count,
    lowest: Number(totals.lowest),
    median: await medianPrice(listings, count),
    highest: Number(totals.highest),
  };
}

/** The middle price of `count` listings (the mean of the middle two when the count is even), in minor units. */
async function medianPrice(listings: MarketQuery, count: number): Promise<number> {
  const middle = await listings
    .select("price")
    .orderBy("price")
    .limit(count % 2 === 1 ? 1 : 2)
    .offset(Math.floor((count - 1) / 2))
    .execute();
  return Math.round(middle.reduce((sum, { price }) => sum + price, 0) / middle.length);
}
