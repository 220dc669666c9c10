import type { Kysely } from "kysely";
import type { DatabaseSchema, Seller } from "~/db/schema";

export interface OverviewSummary {
  activeListings: number;
  outOfStock: number;
  unitsSold: number;
  /** Minor units, in the seller's currency. */
  salesValue: number;
  awaitingShipment: number;
  recentListings: Array<{ id: number; title: string; price: number; currency: string; status: string }>;
}

/** The sums of every listing of the seller, from their tallies (migration 0008): a few rows, however many listings. */
export function sellerTotalsQuery(db: Kysely<DatabaseSchema>, sellerId: number) {
  return db
    .selectFrom("listing_tally")
    .where("seller_id", "=", sellerId)
    .select((eb) => [
      eb.fn.sum<number>("listings").filterWhere("status", "=", "active").as("active"),
      eb.fn.sum<number>("listings").filterWhere("status", "=", "out_of_stock").as("out_of_stock"),
      eb.fn.sum<number>("sold").as("sold"),
      eb.fn.sum<number>("sales_value").as("sales_value"),
      eb.fn.sum<number>("awaiting_shipment").as("awaiting_shipment"),
    ]);
}

/** One aggregate query and one small page of recent listings: never the whole table. */
export async function summariseSellerActivity(db: Kysely<DatabaseSchema>, seller: Seller): Promise<OverviewSummary> {
  const totals = await sellerTotalsQuery(db, seller.id).executeTakeFirstOrThrow();
  const recentListings = await db
    .selectFrom("listing")
    .where("seller_id", "=", seller.id)
    .select(["id", "title", "price", "currency", "status"])
    .orderBy("created_at", "desc")
    .limit(5)
    .execute();
  return {
    activeListings: Number(totals.active ?? 0),
    outOfStock: Number(totals.out_of_stock ?? 0),
    unitsSold: Number(totals.sold ?? 0),
    salesValue: Number(totals.sales_value ?? 0),
    awaitingShipment: Number(totals.awaiting_shipment ?? 0),
    recentListings,
  };
}
