import { z } from "zod";
import { conditionParameter, statusParameter } from "~/listings/listing-field-schemas";
import { parseListingId } from "~/listings/listing-id";
import type { SummaryFilters } from "./summary-filters";

/** The product summary's filters in a query string; a malformed one is ignored, never refused. */
const summaryFiltersSchema = z.object({
  itemId: z
    .string()
    .transform((value) => parseListingId(value) ?? undefined)
    .optional()
    .catch(undefined),
  condition: conditionParameter,
  status: statusParameter,
});

export function parseSummaryFilters(query: URLSearchParams): SummaryFilters {
  return summaryFiltersSchema.parse(Object.fromEntries(query));
}
