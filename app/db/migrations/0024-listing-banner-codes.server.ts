import { sql, type Kysely } from "kysely";

/**
 * A listing's banner was stored as English words ("Price drop"), which a seller of any other
 * language then read in English. It becomes a code, named in the seller's language where shown
 * (LISTING_BANNERS, app/listings/listing-fields.ts), as conditions and statuses are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update listing set banner_status = case banner_status
      when 'Price drop' then 'price_drop'
      when 'Ending soon' then 'ending_soon'
      when 'Best Offer' then 'best_offer'
      else banner_status end
    where banner_status in ('Price drop', 'Ending soon', 'Best Offer')`.execute(db);
}
