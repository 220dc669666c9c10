import { useRef } from "react";
import { Form, href, Link, useLocation, useNavigation } from "react-router";
import { LastPriceChange } from "~/listing-changes/components/last-price-change/LastPriceChange";
import { SelectionBar } from "~/listing-changes/components/selection-bar/SelectionBar";
import { findLastPriceChange } from "~/listing-changes/price-changes.server";
import { handleSelectionForm, loadListingsSelection } from "~/listing-changes/selection-form.server";
import { useListingSelection } from "~/listing-changes/use-listing-selection";
import { useHydrated } from "~/components/use-hydrated";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { ListingFilterForm } from "~/listings/components/listing-filter-form/ListingFilterForm";
import { ListingsTable } from "~/listings/components/listings-table/ListingsTable";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { RefilterLink } from "~/listings/components/refilter-link/RefilterLink";
import { pageUrl } from "~/http/page-url";
import { parseListingFilters } from "~/listings/listing-filters";
import { findListingsPage } from "~/listings/listings.server";
import { useRefilter } from "~/refiltering/use-refilter";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { richText } from "~/i18n/rich-text";
import { useText, type Text } from "~/i18n/text";
import type { Route } from "./+types/listings";
import { useMay } from "~/team/member-permissions";

export const handle: PageHandle = { pageName: "sellerHubActiveListings", title: "nav.listings" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const database = context.get(databaseContext);
  const filters = parseListingFilters(pageUrl(request).searchParams);
  const page = await findListingsPage(database, signedIn.seller.id, filters);
  const pageIds = page.listings.map((listing) => listing.id);
  const [selection, lastChange] = await Promise.all([
    loadListingsSelection(database, signedIn, filters, pageIds),
    findLastPriceChange(database.db, signedIn.seller.id),
  ]);
  return { filters, page, selection, lastChange, locale: formattingLocaleOf(context) };
}

/** Selecting listings for a bulk price change (app/listing-changes/). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSelectionForm(request, context.get(databaseContext), getSignedInSeller(context), textOf(context));
}

const CLEARED_FILTERS = [
  ["status", ""],
  ["condition", ""],
  ["q", ""],
  ["epid", ""],
] as const;

export default function Listings({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, selection, lastChange, locale } = loaderData;
  const { refilter } = useRefilter();
  const text = useText();
  const may = useMay();
  const table = useRef<HTMLTableElement>(null);
  const loading = useNavigation().state === "loading";
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const pageIds = page.listings.map((listing) => listing.id);
  const selected = useListingSelection({ ...selection, pageIds });
  return (
    <div className="listings-page">
      {lastChange && may("listings:change") && (
        <LastPriceChange change={lastChange} srt={selection.srt} locale={locale} />
      )}
      <ListingFilterForm filters={filters} onRefilter={(changes) => void refilter(changes)} />
      {filters.epid && (
        <p className="listings-page__product">
          {richText(text("listings.page.product", { epid: filters.epid }), { epid: <span dir="ltr" /> })}{" "}
          <RefilterLink changes={["epid", ""]}>{text("listings.page.everyProduct")}</RefilterLink>
        </p>
      )}
      <output className="results-summary" aria-live="polite">
        {resultsSummary(page, locale, text)}
      </output>
      <p className="listings-page__more">
        {page.total > 0 && (
          // A file, not a page: the browser downloads it, so a plain link rather than the router's.
          <a href={exportAddress(search)} download>
            {text("listings.page.export", { count: page.total })}
          </a>
        )}
        {may("listings:import") && (
          <Link prefetch="intent" to={href("/sh/lst/import")}>
            {text("listings.page.import")}
          </Link>
        )}
        <Link prefetch="intent" to={href("/sh/lst/changes")}>
          {text("listings.page.changes")}
        </Link>
      </p>
      {/* Without JavaScript the ticks and the selection bar's buttons go together in this form. */}
      <Form method="post" action={`${pathname}${search}`} preventScrollReset className="listings-selection">
        <input type="hidden" name="srt" value={selection.srt} />
        {may("listings:change") && (
          <SelectionBar
            count={selected.count}
            matching={page.total}
            selectedMatching={selection.selectedMatching}
            locale={locale}
            hydrated={hydrated}
            refusal={actionData && !actionData.ok ? actionData.reason : undefined}
            ticksSaved={selected.saved}
          />
        )}
        {page.total === 0 ? (
          <div className="empty-state">
            <p>{text("listings.page.tryOther")}</p>
            <RefilterLink changes={CLEARED_FILTERS} className="button">
              {text("listings.page.clearFilters")}
            </RefilterLink>
          </div>
        ) : (
          <>
            <ListingsTable
              ref={table}
              listings={page.listings}
              sort={filters.sort}
              locale={locale}
              busy={loading}
              selection={
                may("listings:change")
                  ? {
                      isSelected: selected.isSelected,
                      onChange: selected.toggle,
                      page: hydrated ? { state: selected.page, onChange: selected.togglePage } : undefined,
                    }
                  : undefined
              }
            />
            <Pagination
              total={page.total}
              offset={page.offset}
              limit={page.limit}
              label={text("listings.page.pagination")}
              onPageShown={() => table.current?.focus()}
            />
          </>
        )}
      </Form>
    </div>
  );
}

/** Every listing that matches the page's filters, in its order: the filters without the page's place. */
function exportAddress(search: string): string {
  const query = new URLSearchParams(search);
  query.delete("offset");
  query.delete("limit");
  const rest = query.toString();
  return rest ? `${href("/sh/lst/export")}?${rest}` : href("/sh/lst/export");
}

function resultsSummary(
  { total, offset, listings }: { total: number; offset: number; listings: unknown[] },
  locale: string,
  text: Text,
): string {
  const number = (value: number) => value.toLocaleString(locale);
  if (total === 0) return text("listings.page.noneMatch");
  if (total === 1) return text("listings.page.showingOne");
  return text("listings.page.showing", {
    from: number(offset + 1),
    to: number(offset + listings.length),
    total: number(total),
  });
}
