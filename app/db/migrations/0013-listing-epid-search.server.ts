import type { Kysely } from "kysely";

/**
 * The hub's search finds a seller's listings of a product by its ePID. The market figures' index
 * starts with the ePID and holds every seller's listings of it: a popular product's thousands
 * would be read to find one seller's few. This one reads only the seller's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("listing_seller_epid").on("listing").columns(["seller_id", "epid"]).execute();
}
