import { href, Link } from "react-router";
import { formatChangeTime } from "../../change-time";
import { describePriceChange, type PriceChange } from "../../price-change";
import { UndoChangeForm } from "../run-change-form/RunChangeForm";

export interface LastPriceChangeProps {
  change: {
    id: string;
    change: PriceChange;
    state: "applied" | "undone";
    appliedAt: number;
    /** Until when it can be undone; null once undone. */
    undoableUntil: number | null;
  };
  srt: string;
  locale: string;
}

/**
 * The seller's last price change on the listings page, for the 24 hours its undo lasts: what it
 * was, when, a link to its page, and its undo while it can be undone. After an apply the seller
 * comes back here; without this the change could only be found again through a listing's price
 * history.
 */
export function LastPriceChange({ change, srt, locale }: LastPriceChangeProps) {
  const changePage = href("/sh/lst/prices/:changeId", { changeId: change.id });
  return (
    <section className="last-price-change" aria-labelledby="last-price-change">
      <h2 id="last-price-change">Your last price change</h2>
      <p>
        {describePriceChange(change.change, locale)}, applied {formatChangeTime(change.appliedAt, locale)} (UTC)
        {change.state === "undone" ? ", then undone" : ""}.{" "}
        <Link prefetch="intent" to={changePage}>
          See its listings
        </Link>
      </p>
      {change.undoableUntil !== null && (
        <UndoChangeForm
          changeId={change.id}
          undoableUntil={change.undoableUntil}
          srt={srt}
          locale={locale}
          className="last-price-change__undo"
        />
      )}
    </section>
  );
}
