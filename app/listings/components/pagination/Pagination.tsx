import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import { RefilterLink } from "../refilter-link/RefilterLink";
import { pageWindow } from "./page-window";

export interface PaginationProps {
  /** How many items there are in all. */
  total: number;
  /** The first item shown, counted from 0 (the `offset` parameter). */
  offset: number;
  /** Items per page (the `limit` parameter). */
  limit: number;
  /** Names the navigation landmark, e.g. "Pages of listings". */
  label: string;
  /** Called once another page shows, e.g. to move focus to the results. */
  onPageShown?(): void;
}

/** Words a screen reader says and the page does not show ("Next page", where "Next" shows). */
const HIDDEN = <span className="visually-hidden" />;

/** Previous, numbered and Next links to the pages of a result list, each a re-filtering of `offset`. */
export function Pagination({ total, offset, limit, label, onPageShown }: PaginationProps) {
  const text = useText();
  const pageCount = Math.ceil(total / limit);
  if (pageCount <= 1) return null;
  const current = Math.floor(offset / limit) + 1;

  const step = (word: "Previous" | "Next", target: number | null) => {
    const words = richText(text(word === "Next" ? "pagination.next" : "pagination.previous"), { hidden: HIDDEN });
    return target === null ? (
      <span className="pagination__step" aria-disabled="true">
        {words}
      </span>
    ) : (
      <RefilterLink
        changes={["offset", target]}
        onRefiltered={onPageShown}
        className="pagination__step"
        rel={word === "Next" ? "next" : "prev"}
      >
        {words}
      </RefilterLink>
    );
  };

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__items">
        <li>{step("Previous", current > 1 ? Math.max(0, offset - limit) : null)}</li>
        {pageWindow(current, pageCount).map((page, index) =>
          page === "gap" ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={page}>
              <RefilterLink
                changes={["offset", (page - 1) * limit]}
                onRefiltered={onPageShown}
                className="pagination__page"
                aria-current={page === current ? "page" : undefined}
              >
                {richText(text("pagination.page", { page: String(page) }), { hidden: HIDDEN })}
              </RefilterLink>
            </li>
          ),
        )}
        <li>{step("Next", current < pageCount ? offset + limit : null)}</li>
      </ul>
    </nav>
  );
}
