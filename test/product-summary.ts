import type { ProductSummary } from "~/product-summary/product-summary-model";

/** A product summary with every field, for tests of its markup, its document and its script. */
export const KINDLE_SUMMARY: ProductSummary = {
  listingId: 42,
  subject: "This listing",
  heading: "Kindle Paperwhite 16GB – New",
  listingSummary: {
    listingId: { text: "42" },
    epid: { text: "1200876543" },
    displayPrice: { text: "$129.99", styles: ["BOLD"] },
    additionalPrice: { text: "$149.99", styles: ["STRIKETHROUGH"] },
    logisticsCost: { text: "Free" },
    bannerStatus: { text: "Price drop", styles: ["HIGHLIGHT"] },
  },
  marketComparison: {
    textSpans: [
      { text: "3 active New listings of this product, median $125.00. Yours is " },
      { text: "4% above the median", styles: ["BOLD"] },
      { text: "." },
    ],
  },
  insightsData: {
    listingId: "42",
    epid: "1200876543",
    displayPrice: "$129.99",
    additionalPrice: "$149.99",
    logisticsCost: "Free",
  },
};
