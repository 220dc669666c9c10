import type { RouterContextProvider } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { refusal } from "~/http/refusal";
import { textOf } from "~/i18n/language.server";
import type { Listing, Seller } from "~/db/schema";
import { databaseContext } from "~/request-context";
import { NO_SUCH_LISTING, parseListingId } from "./listing-id";
import { findSellerListing } from "./listings.server";

/**
 * The signed-in seller's listing named by a URL's `:listingId`. A malformed id, an unknown one
 * and another seller's are the same 404: the answer never confirms that a listing exists.
 */
export async function requireSellerListing(
  context: Readonly<RouterContextProvider>,
  listingIdParam: string | undefined,
): Promise<{ seller: Seller; listing: Listing }> {
  const { seller } = getSignedInSeller(context);
  const listingId = parseListingId(listingIdParam);
  const listing =
    listingId === null ? undefined : await findSellerListing(context.get(databaseContext).db, seller.id, listingId);
  if (!listing) throw refusal(404, textOf(context)(NO_SUCH_LISTING));
  return { seller, listing };
}
