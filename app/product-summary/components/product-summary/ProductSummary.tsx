import { useText } from "~/i18n/text";
import type { ProductSummary as ProductSummaryModel } from "~/product-summary/product-summary-model";
import { SUMMARY_ELEMENT_ID } from "~/product-summary/summary-dom";
import type { TextDisplayModel } from "~/text-display/text-display-model";
import { DescriptionList } from "../../../components/description-list/DescriptionList";
import { TextDisplay } from "../../../components/text-display/TextDisplay";

export interface ProductSummaryProps {
  /** The product summary view model (docs/product/models.md). */
  summary: ProductSummaryModel;
}

/**
 * The embedded product summary: the listing's price facts, how they compare with the market, and
 * the way to the product's insights. Rendered on the server only; its script is a small
 * standalone one (`~/product-summary/frame/`), not React.
 */
export function ProductSummary({ summary }: ProductSummaryProps) {
  const detailUrl = `/sh/lst/${summary.listingId}`;
  const fields = summary.listingSummary;
  const text = useText();
  return (
    <main
      id={SUMMARY_ELEMENT_ID}
      className="product-summary"
      aria-labelledby="product-summary-heading"
      data-detail-url={detailUrl}
      data-product-insights={JSON.stringify(summary.insightsData)}
    >
      <p className="product-summary__subject">{summary.subject}</p>
      <h1 id="product-summary-heading" className="product-summary__heading">
        {summary.heading}
      </h1>
      {fields && (
        <DescriptionList
          className="product-summary__fields"
          itemClassName="product-summary__field"
          items={[
            [text("summary.field.price"), shown(fields.displayPrice)],
            [text("summary.field.was"), shown(fields.additionalPrice)],
            [text("summary.field.shipping"), shown(fields.logisticsCost)],
            [text("summary.field.banner"), shown(fields.bannerStatus)],
            [text("summary.field.listingNumber"), shown(fields.listingId)],
            [text("listing.facts.epid"), shown(fields.epid)],
          ]}
        />
      )}
      <p className="product-summary__market">
        <TextDisplay model={summary.marketComparison} />
      </p>
      <a className="button" href={`${detailUrl}/insights`} target="_top" data-open-product-insights="">
        {text("insights.heading")}
      </a>
    </main>
  );
}

function shown(model: TextDisplayModel | undefined) {
  return model && <TextDisplay model={model} />;
}
