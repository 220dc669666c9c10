import { href, Link } from "react-router";

export interface SelectionBarProps {
  /** Listings selected in all, on every page. */
  count: number;
  /** Listings matching the page's filters, and how many of them are selected. */
  matching: number;
  selectedMatching: number;
  /** The seller's locale, for the numbers. */
  locale: string;
  /**
   * True once React runs: the ticks are saved as they happen, and "Change prices" is a link. Until
   * then both ways are in the page, and the style sheet shows the one the browser will use.
   */
  hydrated: boolean;
  /** Why the last request about the selection was refused, if it was. */
  refusal?: string;
}

/**
 * The listings page's bar for a bulk price change: how many listings are selected (announced as
 * it changes), selecting every listing that matches the filters, clearing, and going on to choose
 * the change. Its buttons submit the form the listings table sits in (see README.md).
 */
export function SelectionBar({ count, matching, selectedMatching, locale, hydrated, refusal }: SelectionBarProps) {
  const number = (value: number) => value.toLocaleString(locale);
  return (
    <section id="change-prices" className="selection-bar" aria-labelledby="change-prices-title" tabIndex={-1}>
      <h2 id="change-prices-title" className="selection-bar__title">
        Change prices in bulk
      </h2>
      <output className="selection-bar__count" aria-live="polite">
        {count === 0
          ? "No listings selected."
          : count === 1
            ? "1 listing selected."
            : `${number(count)} listings selected.`}
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
          <Link className="button button--primary only-with-scripts" to={href("/sh/lst/prices")}>
            Change prices
          </Link>
        )}
        {!hydrated && (
          <>
            <button type="submit" name="intent" value="choose" className="button button--primary only-without-scripts">
              Change prices of the ticked listings
            </button>
            <button type="submit" name="intent" value="save" className="button only-without-scripts">
              Keep ticks
            </button>
          </>
        )}
        {matching > selectedMatching && (
          <button type="submit" name="intent" value="all" className="button">
            Select all {number(matching)} matching these filters
          </button>
        )}
        {count > 0 && (
          <button type="submit" name="intent" value="clear" className="button button--link">
            Clear selection
          </button>
        )}
      </div>
      {!hydrated && (
        <p className="selection-bar__hint only-without-scripts">
          Tick listings, then keep the ticks before you go to another page.
        </p>
      )}
    </section>
  );
}
