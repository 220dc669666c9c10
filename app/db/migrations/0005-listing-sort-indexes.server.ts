import type { Kysely } from "kysely";

/**
 * The listings page sorts a seller's listings by price and by title, with or without a status
 * filter, filters them by condition, and pages through them by offset: these indexes let it read
 * one page, and count the matches, from an index alone, however many listings the seller has. Market figures of a
 * product read its active listings in one currency, by condition, in price order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const listing = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("listing").columns(columns).execute();
  await listing("listing_seller_price", ["seller_id", "price"]);
  await listing("listing_seller_title", ["seller_id", "title"]);
  await listing("listing_seller_status_price", ["seller_id", "status", "price"]);
  await listing("listing_seller_status_title", ["seller_id", "status", "title"]);
  await listing("listing_seller_condition_created", ["seller_id", "condition", "created_at"]);
  await listing("listing_market", ["epid", "currency", "status", "condition", "price"]);
}
