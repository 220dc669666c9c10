import { useText, type MessageKey, type Text } from "~/i18n/text";
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

/** A filter's options in the seller's words: the value "" first, then each key's. */
function optionsOf(first: MessageKey, keys: Record<string, MessageKey>, text: Text): FilterOptions {
  return [["", text(first)], ...Object.entries(keys).map(([value, key]): [string, string] => [value, text(key)])];
}

function fields(text: Text): ReadonlyArray<{ field: SummaryFilterField; label: string; options: FilterOptions }> {
  return [
    {
      field: "condition",
      label: text("summary.filters.condition"),
      options: optionsOf("summary.filters.ownCondition", LISTING_CONDITIONS, text),
    },
    {
      field: "status",
      label: text("summary.filters.status"),
      options: optionsOf("summary.filters.anyStatus", LISTING_STATUSES, text),
    },
  ];
}

/**
 * The listing detail page's filters for its product summary. A GET form whose Compare button
 * reloads the page with them when JavaScript is off; once React runs, each choice applies at
 * once (the button goes away).
 */
export function SummaryFilterForm({ filters, onChange }: SummaryFilterFormProps) {
  const hydrated = useHydrated();
  const text = useText();
  return (
    <form method="get" className="filter-form summary-filter-form">
      {fields(text).map(({ field, label, options }) => (
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
          {text("summary.filters.compare")}
        </button>
      )}
    </form>
  );
}
