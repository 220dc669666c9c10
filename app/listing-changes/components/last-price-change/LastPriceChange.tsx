import { useText } from "~/i18n/text";
import { href, Link } from "react-router";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
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
  const text = useText();
  const timeZone = useSellerTimeZone();
  return (
    <section className="last-price-change" aria-labelledby="last-price-change">
      <h2 id="last-price-change">{text("bulk.last.title")}</h2>
      <p>
        {text("bulk.last.applied", {
          description: describePriceChange(change.change, locale, text),
          time: formatTime(change.appliedAt, locale, timeZone),
          undone: change.state === "undone" ? "yes" : "no",
        })}{" "}
        <Link prefetch="intent" to={changePage}>
          {text("bulk.last.seeListings")}
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
