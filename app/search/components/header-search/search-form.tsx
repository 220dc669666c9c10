import type { ReactNode } from "react";
import { Form, href } from "react-router";

/** Ids of the header search's parts, the same before and after its popup's code loads. */
export const SEARCH_IDS = {
  form: "hub-search",
  input: "hub-search-text",
  listbox: "hub-search-options",
  status: "hub-search-status",
} as const;

/** What the field says it finds; also its placeholder, shorter. */
export const SEARCH_LABEL = "Search listings, pages and messages";

/** The field's attributes before and after its popup's code loads. */
export const SEARCH_INPUT_ATTRIBUTES = {
  id: SEARCH_IDS.input,
  name: "q",
  type: "search",
  className: "header-search__input",
  placeholder: "Listings, pages, messages",
  autoComplete: "off",
  spellCheck: false,
  enterKeyHint: "search",
  "aria-keyshortcuts": "Control+K Meta+K",
} as const;

/**
 * The header's search landmark: a GET form to the results page, which is all it is without
 * JavaScript. `children` is the field (and, once loaded, its popup).
 */
export function SearchForm({ children, onSubmit }: { children: ReactNode; onSubmit?(): void }) {
  return (
    // The <search> element is the newer spelling of this landmark; the role on the form is the one
    // every screen reader, and Testing Library's role map, knows.
    <Form
      method="get"
      action={href("/sh/search")}
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="search"
      aria-label="Search the hub"
      id={SEARCH_IDS.form}
      className="header-search__form"
      onSubmit={onSubmit}
    >
      <label htmlFor={SEARCH_IDS.input} className="visually-hidden">
        {SEARCH_LABEL}
      </label>
      {children}
      <button type="submit" className="button header-search__submit">
        Search
      </button>
    </Form>
  );
}
