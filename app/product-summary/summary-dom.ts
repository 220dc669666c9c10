/*
 * Where the server-rendered product summary (product-summary/components/product-summary) and its standalone
 * script (./frame) meet.
 */
export const SUMMARY_ELEMENT_ID = "product-summary";

/** The summary's data-product-insights: the loadProductInsightsData payload without the height, as JSON. */
export function insightsDataOf(summary: HTMLElement): unknown {
  return JSON.parse(summary.dataset.productInsights ?? "null");
}

/** The summary's data-detail-url: the listing detail page that frames it. */
export function detailUrlOf(summary: HTMLElement): string | undefined {
  return summary.dataset.detailUrl;
}

/** The control that opens the product's insights in the parent page. */
export const OPEN_INSIGHTS_SELECTOR = "[data-open-product-insights]";
