// The popup is the APG's listbox in a combobox: options that hold a title and its facts on two
// lines, and that the field's aria-activedescendant points to. Neither <select> nor <datalist>
// can be styled so or be driven from the field; these roles are the pattern's own.
// oxlint-disable jsx-a11y/prefer-tag-over-role
import { useId, useState, type MouseEvent, type RefObject } from "react";
import { useNavigate } from "react-router";
import { searchOptionGroups, seeAllOption, resultsAnnouncement, type SearchOption } from "./search-options";
import { useLanguageText } from "~/i18n/text";
import { SEARCH_IDS, SearchForm, useSearchInputAttributes } from "./search-form";
import { useFieldHandover } from "./use-field-handover";
import { useSearchCombobox } from "./use-search-combobox";
import { useSearchResults } from "./use-search-results";

export interface SearchComboboxProps {
  /** The header's field: the plain one until this mounts, then this one. */
  fieldRef: RefObject<HTMLInputElement | null>;
  /** What the seller typed into the plain field. */
  initialText: string;
  /** The plain field had focus when this took its place: this field takes it. */
  focusOnMount?: boolean;
  /** The seller was typing in the plain field, and has not submitted it: results show when they come. */
  showResultsOnMount?: boolean;
  /** Escape on an empty field with no popup. */
  onEscapeWhenEmpty?(): void;
}

/**
 * The header search once its code has loaded: the field as a combobox whose listbox popup offers
 * the best listings, pages and messages, then "see all".
 */
export function SearchCombobox({
  fieldRef,
  initialText,
  focusOnMount = false,
  showResultsOnMount = false,
  onEscapeWhenEmpty,
}: SearchComboboxProps) {
  const [text, setText] = useState(initialText);
  const navigate = useNavigate();
  const { text: hubText, language } = useLanguageText();
  const inputAttributes = useSearchInputAttributes();
  const { answer, current, searched } = useSearchResults(text);
  const groups = answer ? searchOptionGroups(answer, hubText) : [];
  const seeAll = seeAllOption(searched, hubText);
  const grouped = groups.flatMap((group) => group.options);
  const options = searched === "" ? grouped : [...grouped, seeAll];
  const combobox = useSearchCombobox({
    text,
    onTextChange: setText,
    options,
    onEscapeWhenEmpty,
    initiallyOpen: showResultsOnMount,
    onChoose: (option: SearchOption) => {
      if (option.key !== seeAll.key) setText("");
      void navigate(option.url);
    },
  });
  const groupId = useId();
  const optionId = (index: number) => `${SEARCH_IDS.listbox}-${index}`;
  const active = options[combobox.activeIndex];
  const firstOfGroup = groups.map((_, groupIndex) =>
    groups.slice(0, groupIndex).reduce((count, group) => count + group.options.length, 0),
  );

  useFieldHandover(fieldRef, focusOnMount);

  const row = (option: SearchOption, index: number) => (
    <OptionRow
      key={option.key}
      option={option}
      id={optionId(index)}
      active={index === combobox.activeIndex}
      {...combobox.optionProps(index)}
    />
  );
  return (
    <SearchForm onSubmit={combobox.inputProps.onBlur}>
      <div className="header-search__combobox">
        <input
          {...inputAttributes}
          ref={fieldRef}
          value={text}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={combobox.expanded}
          aria-controls={SEARCH_IDS.listbox}
          aria-activedescendant={active ? optionId(combobox.activeIndex) : undefined}
          {...combobox.inputProps}
        />
        <div
          role="listbox"
          id={SEARCH_IDS.listbox}
          aria-label={hubText("search.popup.label")}
          className="header-search__popup"
          hidden={!combobox.expanded}
          aria-busy={!current || undefined}
        >
          {groups.map((group, groupIndex) => (
            <div
              role="group"
              key={group.label}
              aria-labelledby={`${groupId}-${groupIndex}`}
              className="header-search__group"
            >
              <div id={`${groupId}-${groupIndex}`} className="header-search__group-label">
                {group.label}
              </div>
              {group.options.map((option, index) => row(option, (firstOfGroup[groupIndex] ?? 0) + index))}
            </div>
          ))}
          {searched !== "" && row(seeAll, grouped.length)}
        </div>
      </div>
      <output id={SEARCH_IDS.status} className="visually-hidden">
        {current && answer && combobox.expanded ? resultsAnnouncement(groups, hubText, language) : ""}
      </output>
    </SearchForm>
  );
}

interface OptionRowProps {
  option: SearchOption;
  id: string;
  active: boolean;
  onMouseDown(event: MouseEvent): void;
  onClick(): void;
}

function OptionRow({ option, id, active, onMouseDown, onClick }: OptionRowProps) {
  return (
    // Focus stays in the field, which hears the keys and points here (aria-activedescendant); an
    // option is never focused, and a click is the pointer's way to choose it.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      role="option"
      id={id}
      aria-selected={active}
      className="header-search__option"
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <span className="header-search__option-label">{option.label}</span>
      {option.detail && (
        <>
          {/* The two lines are one name to a screen reader: a pause between them. */}
          <span className="visually-hidden">, </span>
          <span className="header-search__option-detail">{option.detail}</span>
        </>
      )}
    </div>
  );
}
