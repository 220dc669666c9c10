import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import { conditionLabel } from "~/listings/listing-fields";
import type { MarketFigures, PriceFigures } from "~/listings/market-figures.server";
import { formatMoney } from "~/money/format-money";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface ProductInsightsPanelProps {
  /** The product's market: every seller's active listings, by condition. */
  market: MarketFigures;
  /** The page's language's locale, for money and numbers. */
  locale: string;
  /** Where Close leads: the page without the panel. */
  closeTo: string;
  /** Called when the seller closes the panel, to put focus back where the panel was opened from. */
  onClose?(): void;
}

const FIGURE_HEADINGS = ["insights.listings", "insights.lowest", "insights.median", "insights.highest"] as const;

/** A product number reads left to right in every language's sentence. */
const EPID = <span dir="ltr" />;

/**
 * Product insights: how many active listings the product has on the marketplace and their lowest,
 * median and highest price, by condition. Focus moves to its heading when it opens.
 */
export function ProductInsightsPanel({ market, locale, closeTo, onClose }: ProductInsightsPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const text = useText();
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
        {text("insights.heading")}
      </h2>
      {market.overall ? (
        <TableScroll label={text("insights.region")}>
          <table className="data-table">
            <caption className="insights-panel__caption">
              {richText(text("insights.caption", { epid: market.epid, currency: market.currency }), { epid: EPID })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{text("listings.filters.condition")}</th>
                {FIGURE_HEADINGS.map((figure) => (
                  <th key={figure} scope="col" className="data-table__number">
                    {text(figure)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {market.byCondition.map((figures) => (
                <tr key={figures.condition}>
                  <th scope="row">{conditionLabel(figures.condition, text)}</th>
                  {cells(figures)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{text("insights.allConditions")}</th>
                {cells(market.overall)}
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      ) : (
        <p>{richText(text("insights.nobody", { epid: market.epid }), { epid: EPID })}</p>
      )}
      <Link to={closeTo} preventScrollReset className="button" onClick={onClose}>
        {text("insights.close")}
      </Link>
    </section>
  );
}
