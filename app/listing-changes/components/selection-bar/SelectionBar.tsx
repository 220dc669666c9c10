import { useEffect, useRef, type MouseEvent } from "react";
import { useText } from "~/i18n/text";
import { href, Link, useLocation, useNavigate } from "react-router";
import { isPlainClick } from "~/components/plain-click";
import { useFocusKeptWithin } from "./use-focus-kept-within";

export interface SelectionBarProps {
  /** Listings selected in all, on every page. */
  count: number;
  /** Listings matching the page's filters, and how many of them are selected. */
  matching: number;
  selectedMatching: number;
  /** The page's language's locale, for the numbers. */
  locale: string;
  /**
   * True once React runs: the ticks are saved as they happen, and "Change prices" is a link. Until
   * then both ways are in the page, and the style sheet shows the one the browser will use.
   */
  hydrated: boolean;
  /** Why the last request about the selection was refused, if it was. */
  refusal?: string;
  /**
   * Resolves once every tick on its way has been answered: "Change prices" waits for it, so the
   * next page counts the ticks the seller made just before the click.
   */
  ticksSaved?: () => Promise<void>;
}

/**
 * The listings page's bar for a bulk price change: how many listings are selected (announced as
 * it changes), selecting every listing that matches the filters, clearing, and going on to choose
 * the change. Its buttons submit the form the listings table sits in (see README.md).
 */
export function SelectionBar({
  count,
  matching,
  selectedMatching,
  locale,
  hydrated,
  refusal,
  ticksSaved,
}: SelectionBarProps) {
  const number = (value: number) => value.toLocaleString(locale);
  const text = useText();
  const navigate = useNavigate();
  const choosing = href("/sh/lst/prices");
  // The page the bar is shown on, null once it is not. "Change prices" waits for the ticks on
  // their way and goes on only from where it was clicked: a seller who went elsewhere meanwhile
  // (another link, Back) is not taken back by the ticks' answer.
  const shownOn = useRef<string | null>(null);
  const { key } = useLocation();
  useEffect(() => {
    shownOn.current = key;
    return () => {
      shownOn.current = null;
    };
  }, [key]);
  // "Select all" and "Clear" send the form once the ticks on their way are saved: sent at once, a
  // tick answered after the clear would select its listing again.
  const afterTheTicks = (event: MouseEvent<HTMLButtonElement>) => {
    if (!ticksSaved) return;
    event.preventDefault();
    const button = event.currentTarget;
    const clickedOn = shownOn.current;
    void ticksSaved().then(() => {
      if (clickedOn !== null && shownOn.current === clickedOn) button.form?.requestSubmit(button);
    });
  };
  const bar = useRef<HTMLElement>(null);
  useFocusKeptWithin(bar, `${count}/${selectedMatching}/${matching}`);
  return (
    <section ref={bar} id="change-prices" className="selection-bar" aria-labelledby="change-prices-title" tabIndex={-1}>
      <h2 id="change-prices-title" className="selection-bar__title">
        {text("bulk.bar.title")}
      </h2>
      <output className="selection-bar__count" aria-live="polite">
        {text("bulk.bar.count", { count, countText: number(count) })}
      </output>
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {/*
        Until React runs, the server's HTML holds both ways of going on, and the style sheet shows
        the one the browser will use (the `scripting` media feature): the bar keeps its size when
        the scripts take over, rather than losing a row and moving the table up under the seller's
        finger (the layout shift measured in bench/README.md).
      */}
      <div className="selection-bar__actions">
        {count > 0 && (
          <Link
            className="button button--primary only-with-scripts"
            to={choosing}
            onClick={(event) => {
              if (!ticksSaved || !isPlainClick(event)) return;
              event.preventDefault();
              const clickedOn = shownOn.current;
              void ticksSaved().then(() => {
                if (clickedOn !== null && shownOn.current === clickedOn) void navigate(choosing);
              });
            }}
          >
            {text("bulk.bar.changePrices")}
          </Link>
        )}
        {!hydrated && (
          <>
            <button type="submit" name="intent" value="choose" className="button button--primary only-without-scripts">
              {text("bulk.bar.changeTicked")}
            </button>
            <button type="submit" name="intent" value="save" className="button only-without-scripts">
              {text("bulk.bar.keepTicks")}
            </button>
          </>
        )}
        {matching > selectedMatching && (
          <button type="submit" name="intent" value="all" className="button" onClick={afterTheTicks}>
            {text("bulk.bar.selectAll", { matching: number(matching) })}
          </button>
        )}
        {count > 0 && (
          <button type="submit" name="intent" value="clear" className="button button--link" onClick={afterTheTicks}>
            {text("bulk.bar.clear")}
          </button>
        )}
      </div>
      {!hydrated && <p className="selection-bar__hint only-without-scripts">{text("bulk.bar.hint")}</p>}
    </section>
  );
}
