import { href } from "react-router";
import { lazy, startTransition, Suspense, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import type { SearchComboboxProps } from "./SearchCombobox";
import { useText } from "~/i18n/text";
import { SEARCH_IDS, SearchForm, useSearchInputAttributes } from "./search-form";
import { useFieldHandover } from "./use-field-handover";
import { useSearchShortcut } from "./use-search-shortcut";

/**
 * The popup's code, loaded when the seller first comes to the field: most page views never search.
 * Should it fail to load (a deploy replaced it, the network dropped), the plain form stays.
 */
const SearchCombobox = lazy(() =>
  import("./SearchCombobox").then(
    (module) => ({ default: module.SearchCombobox }),
    () => ({ default: PlainSearchAgain }),
  ),
);

/** The plain form again, keeping what the seller typed, when the popup's code could not load. */
function PlainSearchAgain({ fieldRef, initialText, focusOnMount = false }: SearchComboboxProps) {
  useFieldHandover(fieldRef, focusOnMount);
  const inputAttributes = useSearchInputAttributes();
  return (
    <SearchForm>
      <input {...inputAttributes} ref={fieldRef} defaultValue={initialText} />
    </SearchForm>
  );
}

export interface HeaderSearchProps {
  /** The text searched, on the results page: the field shows it, and on a phone starts open. */
  searchedText?: string;
}

/**
 * The hub's search in the header. A plain GET form to the results page until the seller first
 * focuses it or presses Ctrl+K or Cmd+K; then the combobox's code loads and takes over the
 * field, text and focus included. On a phone it folds behind a Search button.
 */
export function HeaderSearch({ searchedText }: HeaderSearchProps) {
  const hydrated = useHydrated();
  const text = useText();
  const inputAttributes = useSearchInputAttributes();
  const field = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  // What the seller does in the plain field while the combobox's code loads carries over to it.
  const [typed, setTyped] = useState(searchedText ?? "");
  const [focused, setFocused] = useState(false);
  // The seller typed in the plain field, and has not pressed Enter since: the combobox, arriving
  // later, shows their results. Not for text they did not type (the results page's), nor after
  // Enter took them to the results page.
  const [typing, setTyping] = useState(false);
  const [openOnPhone, setOpenOnPhone] = useState(searchedText !== undefined);
  // A transition keeps the plain field on screen, and usable, while the combobox's code loads.
  const enhance = () => {
    if (!enhanced) startTransition(() => setEnhanced(true));
  };

  useSearchShortcut(() => {
    setOpenOnPhone(true);
    field.current?.focus();
    // On a phone the field shows only once the state above has rendered: focus it then.
    requestAnimationFrame(() => field.current?.focus());
    enhance();
  });

  const closeOnPhone = () => {
    // Only a phone shows the button; on a wider screen the field stays and so does focus.
    if (!toggle.current || toggle.current.offsetParent === null) return;
    setOpenOnPhone(false);
    toggle.current.focus();
  };

  const plainForm = (
    <SearchForm onSubmit={() => setTyping(false)}>
      <input
        {...inputAttributes}
        ref={field}
        defaultValue={searchedText}
        onChange={(event) => {
          setTyped(event.target.value);
          setTyping(true);
        }}
        onFocus={() => {
          setFocused(true);
          enhance();
        }}
        onBlur={() => setFocused(false)}
      />
    </SearchForm>
  );
  return (
    <div className="header-search" data-open-on-phone={openOnPhone || undefined}>
      {hydrated ? (
        <button
          ref={toggle}
          type="button"
          className="button header-search__toggle"
          aria-expanded={openOnPhone}
          aria-controls={SEARCH_IDS.form}
          // Its name begins with the word it shows (WCAG 2.5.3), in every language.
          aria-label={text("search.landmark")}
          onClick={() => {
            setOpenOnPhone(!openOnPhone);
            if (!openOnPhone) requestAnimationFrame(() => field.current?.focus());
          }}
        >
          {text("search.submit")}
        </button>
      ) : (
        // Without JavaScript the results page, which shows the field open, is the way to search.
        // There, the link would lead where the seller is: it only holds the place of the button
        // that closes the field, until the scripts run (decision 063).
        <a
          href={href("/sh/search")}
          className={`button header-search__toggle${openOnPhone ? " only-with-scripts" : ""}`}
          aria-label={text("search.landmark")}
        >
          {text("search.submit")}
        </a>
      )}
      <Suspense fallback={plainForm}>
        {enhanced ? (
          <SearchCombobox
            fieldRef={field}
            initialText={typed}
            focusOnMount={focused}
            showResultsOnMount={focused && typing && typed !== ""}
            onEscapeWhenEmpty={closeOnPhone}
          />
        ) : (
          plainForm
        )}
      </Suspense>
    </div>
  );
}
