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

/** Previous, numbered and Next links to the pages of a result list, each a re-filtering of `offset`. */
export function Pagination({ total, offset, limit, label, onPageShown }: PaginationProps) {
  const pageCount = Math.ceil(total / limit);
  if (pageCount <= 1) return null;
  const current = Math.floor(offset / limit) + 1;

  const step = (word: "Previous" | "Next", target: number | null) => {
    const text = (
      <>
        {word} <span className="visually-hidden">page</span>
      </>
    );
    return target === null ? (
      <span className="pagination__step" aria-disabled="true">
        {text}
      </span>
    ) : (
      <RefilterLink
        changes={["offset", target]}
        onRefiltered={onPageShown}
        className="pagination__step"
        rel={word === "Next" ? "next" : "prev"}
      >
        {text}
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
                <span className="visually-hidden">Page</span> {page}
              </RefilterLink>
            </li>
          ),
        )}
        <li>{step("Next", current < pageCount ? offset + limit : null)}</li>
      </ul>
    </nav>
  );
}
