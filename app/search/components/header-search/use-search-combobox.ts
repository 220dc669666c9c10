import { useState, type ChangeEvent, type KeyboardEvent, type MouseEvent } from "react";
import { isEscape } from "~/components/keyboard";
import type { SearchOption } from "./search-options";

export interface SearchComboboxOptions {
  text: string;
  onTextChange(text: string): void;
  /** Every option of the popup, in the order the arrows move through them. */
  options: SearchOption[];
  /** The seller chose an option, by Enter or a click. */
  onChoose(option: SearchOption): void;
  /** Escape on an empty field with no popup: nothing left to close here (the phone's full-width search closes). */
  onEscapeWhenEmpty?(): void;
  /**
   * The popup shows its options as soon as there are some, as if the seller had just typed: they
   * were typing in the plain field this one replaces. Not when they submitted it meanwhile.
   */
  initiallyOpen?: boolean;
}

export interface SearchCombobox {
  /** The popup shows. */
  expanded: boolean;
  /** The option the arrows are on, if any: `aria-activedescendant` points to it, focus stays in the field. */
  activeIndex: number;
  inputProps: {
    onChange(event: ChangeEvent<HTMLInputElement>): void;
    onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
    onBlur(): void;
  };
  optionProps(index: number): {
    onMouseDown(event: MouseEvent): void;
    onClick(): void;
  };
}

/**
 * The WAI-ARIA editable combobox with a listbox popup and list autocomplete, without the markup:
 * typing shows the popup, Down and Up move through its options (wrapping, as the APG example
 * does), Alt+Down opens it without choosing, Enter opens the active option (or, with none,
 * submits the field's form), Escape closes the popup and then clears the field. Focus stays in
 * the field throughout. Focus alone does not open it (the APG example's way): a seller tabbing
 * through the header gets no popup over the page, and neither does one whose Enter went to the
 * results page before this field took over from the plain one.
 */
export function useSearchCombobox({
  text,
  onTextChange,
  options,
  onChoose,
  onEscapeWhenEmpty,
  initiallyOpen = false,
}: SearchComboboxOptions): SearchCombobox {
  const [open, setOpen] = useState(initiallyOpen);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const expanded = open && text.trim() !== "" && options.length > 0;
  // Options come and go as results arrive: the active one is followed by its key, and is none once it has gone.
  const activeIndex = expanded ? options.findIndex((option) => option.key === activeKey) : -1;

  const activate = (index: number) => setActiveKey(options[index]?.key ?? null);
  const close = () => {
    setOpen(false);
    setActiveKey(null);
  };
  const choose = (option: SearchOption) => {
    close();
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      if (event.altKey) return;
      const down = event.key === "ArrowDown";
      if (!expanded || activeIndex === -1) activate(down ? 0 : last);
      else activate(down ? (activeIndex === last ? 0 : activeIndex + 1) : activeIndex === 0 ? last : activeIndex - 1);
    } else if (event.key === "Enter") {
      const active = options[activeIndex];
      if (!active) return;
      event.preventDefault();
      choose(active);
    } else if (isEscape(event)) {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (text !== "") {
        event.preventDefault();
        onTextChange("");
      } else if (onEscapeWhenEmpty) {
        event.preventDefault();
        onEscapeWhenEmpty();
      }
    }
  };

  return {
    expanded,
    activeIndex,
    inputProps: {
      onChange: (event) => {
        onTextChange(event.target.value);
        setOpen(true);
        setActiveKey(null);
      },
      onKeyDown,
      onBlur: close,
    },
    optionProps: (index) => ({
      // A press on an option would take focus from the field, and close the popup before the click.
      onMouseDown: (event) => event.preventDefault(),
      onClick: () => {
        const option = options[index];
        if (option) choose(option);
      },
    }),
  };
}
