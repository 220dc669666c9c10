import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LISTING_CONDITIONS } from "~/listings/listing-fields";
import type { MarketFigures, PriceFigures } from "~/listings/market-figures.server";
import { formatMoney } from "~/money/format-money";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface ProductInsightsPanelProps {
  /** The product's market: every seller's active listings, by condition. */
  market: MarketFigures;
  /** The seller's locale, for money and numbers. */
  locale: string;
  /** Where Close leads: the page without the panel. */
  closeTo: string;
  /** Called when the seller closes the panel, to put focus back where the panel was opened from. */
  onClose?(): void;
}

const FIGURE_HEADINGS = ["Listings", "Lowest", "Median", "Highest"] as const;

/**
 * Product insights: how many active listings the product has on the marketplace and their lowest,
 * median and highest price, by condition. Focus moves to its heading when it opens.
 */
export function ProductInsightsPanel({ market, locale, closeTo, onClose }: ProductInsightsPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const money = (minorUnits: number) => formatMoney(minorUnits, market.currency, locale);
  const cells = (figures: PriceFigures) => (
    <>
      <td className="data-table__number">{figures.listings.toLocaleString(locale)}</td>
      <td className="data-table__number">{money(figures.lowest)}</td>
      <td className="data-table__number">{money(figures.median)}</td>
      <td className="data-table__number">{money(figures.highest)}</td>
    </>
  );
  return (
    <section className="insights-panel" aria-labelledby="product-insights-heading">
      {/* h2: the panel follows the product summary's frame, whose document is headed by an h1, and
          read in that order an h3 skipped a level (axe's heading-order with all rules). */}
      <h2 id="product-insights-heading" ref={heading} tabIndex={-1} className="insights-panel__heading">
        Product insights
      </h2>
      {market.overall ? (
        <TableScroll label="Table: market figures">
          <table className="data-table">
            <caption className="insights-panel__caption">
              Active listings of product {market.epid} on the marketplace, every seller, in {market.currency}
            </caption>
            <thead>
              <tr>
                <th scope="col">Condition</th>
                {FIGURE_HEADINGS.map((figure) => (
                  <th key={figure} scope="col" className="data-table__number">
                    {figure}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {market.byCondition.map((figures) => (
                <tr key={figures.condition}>
                  <th scope="row">{LISTING_CONDITIONS[figures.condition]}</th>
                  {cells(figures)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All conditions</th>
                {cells(market.overall)}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      ) : (
        <p>Nobody has an active listing of product {market.epid} right now.</p>
      )}
      <Link to={closeTo} preventScrollReset className="button" onClick={onClose}>
        Close product insights
      </Link>
    </section>
  );
}
