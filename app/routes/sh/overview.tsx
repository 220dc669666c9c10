import { href, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import { statusLabel } from "~/listings/listing-fields";
import { formatMoney } from "~/money/format-money";
import { summariseSellerActivity } from "~/overview/overview.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/overview";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formattingLocaleOf } from "~/i18n/language.server";

export const handle: PageHandle = { pageName: "sellerHubOverview", title: "nav.overview" };

export async function loader({ context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const summary = await summariseSellerActivity(context.get(databaseContext).db, seller);
  return { summary, locale: formattingLocaleOf(context), currency: seller.currency };
}

export default function Overview({ loaderData: { summary, locale, currency } }: Route.ComponentProps) {
  const number = (value: number) => value.toLocaleString(locale);
  const text = useText();
  return (
    <>
      <section aria-labelledby="sales" className="overview">
        <h2 id="sales">{text("overview.heading")}</h2>
        <ul className="summary-modules">
          <SummaryModule
            label={text("overview.activeListings")}
            value={number(summary.activeListings)}
            to={`${href("/sh/lst/active")}?status=active`}
            linkWords={text("overview.viewActive")}
          />
          <SummaryModule
            label={text("overview.outOfStock")}
            value={number(summary.outOfStock)}
            to={`${href("/sh/lst/active")}?status=out_of_stock`}
            linkWords={text("overview.viewOutOfStock")}
          />
          <SummaryModule
            label={text("overview.unitsSold")}
            value={number(summary.unitsSold)}
            detail={text("overview.salesValue", { value: formatMoney(summary.salesValue, currency, locale) })}
          />
          <SummaryModule
            label={text("overview.awaitingShipment")}
            value={number(summary.awaitingShipment)}
            detail={text("overview.unitsToShip")}
          />
        </ul>
      </section>
      <section aria-labelledby="recent-listings">
        <h2 id="recent-listings">{text("overview.recentListings")}</h2>
        <TableScroll label={text("overview.recentRegion")}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{text("listings.table.title")}</th>
                <th scope="col">{text("listings.table.price")}</th>
                <th scope="col">{text("listings.filters.status")}</th>
              </tr>
            </thead>
            <tbody>
              {summary.recentListings.map((listing) => (
                <tr key={listing.id}>
                  <td>
                    {/* In its own direction, as on the listings page. */}
                    <Link
                      prefetch="intent"
                      to={href("/sh/lst/:listingId", { listingId: String(listing.id) })}
                      dir="auto"
                    >
                      {listing.title}
                    </Link>
                  </td>
                  <td>{formatMoney(listing.price, listing.currency, locale)}</td>
                  <td>{statusLabel(listing.status, text)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
    </>
  );
}

/** Words a screen reader says and the page does not show: what the link views. */
const HIDDEN = <span className="visually-hidden" />;

function SummaryModule({
  label,
  value,
  detail,
  to,
  linkWords,
}: {
  label: string;
  value: string;
  detail?: string;
  to?: string;
  /** The link's words, what it views in visually hidden words ("View<hidden> active listings</hidden>"). */
  linkWords?: string;
}) {
  return (
    <li className="summary-module">
      <span className="summary-module__label">{label}</span>
      <span className="summary-module__value">{value}</span>
      {detail && <span className="summary-module__detail">{detail}</span>}
      {to && linkWords && (
        <Link prefetch="intent" to={to} className="summary-module__link">
          {richText(linkWords, { hidden: HIDDEN })}
        </Link>
      )}
    </li>
  );
}
