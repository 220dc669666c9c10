import { href, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { LISTING_STATUSES, isListingStatus } from "~/listings/listing-fields";
import { formatMoney } from "~/money/format-money";
import { summariseSellerActivity } from "~/overview/overview.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/overview";
import { TableScroll } from "~/components/table-scroll/TableScroll";

export const handle: PageHandle = { pageName: "sellerHubOverview", title: "Overview" };

export function meta() {
  return [{ title: "Overview · Seller Hub" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const summary = await summariseSellerActivity(context.get(databaseContext).db, seller);
  return { summary, locale: seller.locale, currency: seller.currency };
}

export default function Overview({ loaderData: { summary, locale, currency } }: Route.ComponentProps) {
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <>
      <section aria-labelledby="sales" className="overview">
        <h2 id="sales">Your business at a glance</h2>
        <ul className="summary-modules">
          <SummaryModule
            label="Active listings"
            value={number(summary.activeListings)}
            to={`${href("/sh/lst/active")}?status=active`}
          />
          <SummaryModule
            label="Out of stock"
            value={number(summary.outOfStock)}
            to={`${href("/sh/lst/active")}?status=out_of_stock`}
          />
          <SummaryModule
            label="Units sold"
            value={number(summary.unitsSold)}
            detail={`${formatMoney(summary.salesValue, currency, locale)} in sales`}
          />
          <SummaryModule label="Awaiting shipment" value={number(summary.awaitingShipment)} detail="units to ship" />
        </ul>
      </section>
      <section aria-labelledby="recent-listings">
        <h2 id="recent-listings">Recent listings</h2>
        <TableScroll label="Table: recent listings">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Price</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {summary.recentListings.map((listing) => (
                <tr key={listing.id}>
                  <td>
                    <Link prefetch="intent" to={href("/sh/lst/:listingId", { listingId: String(listing.id) })}>
                      {listing.title}
                    </Link>
                  </td>
                  <td>{formatMoney(listing.price, listing.currency, locale)}</td>
                  <td>{isListingStatus(listing.status) ? LISTING_STATUSES[listing.status] : listing.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </>
  );
}

function SummaryModule({ label, value, detail, to }: { label: string; value: string; detail?: string; to?: string }) {
  return (
    <li className="summary-module">
      <span className="summary-module__label">{label}</span>
      <span className="summary-module__value">{value}</span>
      {detail && <span className="summary-module__detail">{detail}</span>}
      {to && (
        <Link prefetch="intent" to={to} className="summary-module__link">
          View<span className="visually-hidden"> {label.toLowerCase()}</span>
        </Link>
      )}
    </li>
  );
}
