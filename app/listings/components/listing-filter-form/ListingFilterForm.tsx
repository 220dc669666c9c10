import type { FormEvent } from "react";
import { LISTING_SORTS, MAX_SEARCH_LENGTH, PAGE_SIZES } from "~/listings/listing-filter-options";
import type { ListingFilters } from "~/listings/listing-filters";
import { useText } from "~/i18n/text";
import { LISTING_CONDITIONS, LISTING_STATUSES } from "~/listings/listing-fields";
import type { QueryChange, QueryChanges } from "~/refiltering/rebuild-query";
import { FilterSelect, type FilterOptions } from "../../../components/filter-select/FilterSelect";
import { useDraft } from "../../../components/use-draft";

export interface ListingFilterFormProps {
  /** The filters the page shows now. */
  filters: ListingFilters;
  /** Applies changes: one pair when a choice changes, every field when the form is submitted. */
  onRefilter(changes: QueryChanges): void;
}

const PAGE_SIZE_OPTIONS: FilterOptions = PAGE_SIZES.map((size) => [String(size), String(size)]);

/**
 * The listings page's filters. A GET form, so that without JavaScript "Apply filters" loads the
 * same results; with JavaScript each choice applies as it changes and the search text on submit.
 */
export function ListingFilterForm({ filters, onRefilter }: ListingFilterFormProps) {
  const [status, setStatus] = useDraft(filters.status ?? "");
  const [condition, setCondition] = useDraft(filters.condition ?? "");
  const [search, setSearch] = useDraft(filters.q ?? "");
  const [sort, setSort] = useDraft<string>(filters.sort);
  const [limit, setLimit] = useDraft(String(filters.limit));
  const text = useText();
  const statusOptions: FilterOptions = [
    ["", text("listings.filters.allStatuses")],
    ...Object.entries(LISTING_STATUSES).map(([value, key]): [string, string] => [value, text(key)]),
  ];
  const conditionOptions: FilterOptions = [
    ["", text("listings.filters.allConditions")],
    ...Object.entries(LISTING_CONDITIONS).map(([value, key]): [string, string] => [value, text(key)]),
  ];
  const sortOptions: FilterOptions = Object.entries(LISTING_SORTS).map(([value, { label }]) => [value, text(label)]);

  const choose = (name: string, set: (value: string) => void) => (value: string) => {
    set(value);
    onRefilter([name, value]);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onRefilter([...new FormData(event.currentTarget)].map(([name, value]): QueryChange => [name, String(value)]));
  };

  // The filters proper (not the sort or the page size): what narrows the listings shown.
  const inUse = [filters.status, filters.condition, filters.q, filters.epid].filter(Boolean).length;
  return (
    <search aria-label={text("listings.filters.landmark")}>
      {/* On a phone the form folds behind its summary; with room it is always open (decision record 066). */}
      <details className="listing-filters">
        <summary className="listing-filters__toggle">{text("listings.filters.toggle", { inUse })}</summary>
        <form method="get" className="filter-form" onSubmit={submit}>
          {/* One product's listings (from the search): kept while the other filters change; the page says so. */}
          {filters.epid && <input type="hidden" name="epid" value={filters.epid} />}
          <FilterSelect
            id="listing-status"
            name="status"
            label={text("listings.filters.status")}
            options={statusOptions}
            value={status}
            onChoose={choose("status", setStatus)}
          />
          <FilterSelect
            id="listing-condition"
            name="condition"
            label={text("listings.filters.condition")}
            options={conditionOptions}
            value={condition}
            onChoose={choose("condition", setCondition)}
          />
          <div className="filter-form__field filter-form__field--wide">
            <label htmlFor="listing-q">{text("listings.filters.search")}</label>
            <input
              id="listing-q"
              name="q"
              type="search"
              maxLength={MAX_SEARCH_LENGTH}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <FilterSelect
            id="listing-sort"
            name="sort"
            label={text("listings.filters.sort")}
            options={sortOptions}
            value={sort}
            onChoose={choose("sort", setSort)}
          />
          <FilterSelect
            id="listing-limit"
            name="limit"
            label={text("listings.filters.perPage")}
            options={PAGE_SIZE_OPTIONS}
            value={limit}
            onChoose={choose("limit", setLimit)}
          />
          <button type="submit" className="button button--primary filter-form__apply">
            {text("listings.filters.apply")}
          </button>
        </form>
      </details>
    </search>
  );
}
