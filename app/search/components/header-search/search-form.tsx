import type { ReactNode } from "react";
import { Form, href } from "react-router";
import { useText } from "~/i18n/text";

/** Ids of the header search's parts, the same before and after its popup's code loads. */
export const SEARCH_IDS = {
  form: "hub-search",
  input: "hub-search-text",
  listbox: "hub-search-options",
  status: "hub-search-status",
} as const;

/** The field's attributes before and after its popup's code loads; its placeholder says what it finds, shorter than its label. */
export function useSearchInputAttributes() {
  const text = useText();
  return {
    id: SEARCH_IDS.input,
    name: "q",
    type: "search",
    className: "header-search__input",
    placeholder: text("search.field.placeholder"),
    autoComplete: "off",
    spellCheck: false,
    enterKeyHint: "search",
    "aria-keyshortcuts": "Control+K Meta+K",
  } as const;
}

/**
 * The header's search landmark: a GET form to the results page, which is all it is without
 * JavaScript. `children` is the field (and, once loaded, its popup).
 */
export function SearchForm({ children, onSubmit }: { children: ReactNode; onSubmit?(): void }) {
  const text = useText();
  return (
    // The <search> element is the newer spelling of this landmark; the role on the form is the one
    // every screen reader, and Testing Library's role map, knows.
    <Form
      method="get"
      action={href("/sh/search")}
      // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
      role="search"
      aria-label={text("search.landmark")}
      id={SEARCH_IDS.form}
      className="header-search__form"
      onSubmit={onSubmit}
    >
      <label htmlFor={SEARCH_IDS.input} className="visually-hidden">
        {text("search.field.label")}
      </label>
      {children}
      <button type="submit" className="button header-search__submit">
        {text("search.submit")}
      </button>
    </Form>
  );
}
