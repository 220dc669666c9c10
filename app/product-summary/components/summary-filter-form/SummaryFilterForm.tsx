import { LISTING_CONDITIONS, LISTING_STATUSES } from "~/listings/listing-fields";
import type { SummaryFilters } from "~/product-summary/summary-filters";
import type { SummaryFilterField } from "~/product-summary/use-product-summary-frame";
import { FilterSelect, type FilterOptions } from "../../../components/filter-select/FilterSelect";
import { useHydrated } from "../../../components/use-hydrated";

export interface SummaryFilterFormProps {
  /** The filters the product summary shows now. */
  filters: SummaryFilters;
  /** Applies one filter as soon as the seller chooses it. */
  onChange(field: SummaryFilterField, value: string): void;
}

const FIELDS: ReadonlyArray<{ field: SummaryFilterField; label: string; options: FilterOptions }> = [
  {
    field: "condition",
    label: "Compare with condition",
    options: [["", "The listing's own"], ...Object.entries(LISTING_CONDITIONS)],
  },
  {
    field: "status",
    label: "Your listings with status",
    options: [["", "Any status"], ...Object.entries(LISTING_STATUSES)],
  },
];

/**
 * The listing detail page's filters for its product summary. A GET form whose Compare button
 * reloads the page with them when JavaScript is off; once React runs, each choice applies at
 * once (the button goes away).
 */
export function SummaryFilterForm({ filters, onChange }: SummaryFilterFormProps) {
  const hydrated = useHydrated();
  return (
    <form method="get" className="filter-form summary-filter-form">
      {FIELDS.map(({ field, label, options }) => (
        <FilterSelect
          key={field}
          id={`summary-${field}`}
          name={field}
          label={label}
          options={options}
          value={filters[field] ?? ""}
          onChoose={(value) => onChange(field, value)}
        />
      ))}
      {!hydrated && (
        <button type="submit" className="button button--primary">
          Compare
        </button>
      )}
    </form>
  );
}
