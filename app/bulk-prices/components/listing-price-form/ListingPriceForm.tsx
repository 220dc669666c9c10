import { useEffect, useId, useRef, useState } from "react";
import { Form, href, Link, useNavigation } from "react-router";
import { useText } from "~/i18n/text";
import { decimalMark, formatMoney, minorUnitsPerMajor } from "~/money/format-money";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { describePriceChange, examplePrice, formatPriceForInput, type PriceChange } from "../../price-change";

export interface ListingPriceFormProps {
  listing: { id: number; price: number; currency: string; status: string; priceVersion: number };
  /** The session's anti-forgery token. */
  srt: string;
  locale: string;
  /** The page's query (the product summary's filters), kept when the form is sent. */
  search: string;
  /** The last refusal: why, and what the seller had typed. */
  refused?: { error: string; value: string };
  /** The change this page just saved, from `?saved=` after the form's redirect. */
  saved?: { from: number; to: number; changeId: string };
  /**
   * The seller's last change while it can be undone, when it is not this listing's own last save:
   * only the last change can be undone (decision 075), so saving here ends its undo, and the
   * seller is told before, not after.
   */
  undoEnds?: { change: PriceChange; appliedAt: number };
}

/**
 * After a refusal the field takes focus, so that keyboard and screen-reader users land where the
 * fix is (WCAG 3.3.1); each refusal is a new object, so a second one moves focus again. Without
 * JavaScript the page is new, and the reason is an alert.
 */
function useFocusOnRefusal(refused: ListingPriceFormProps["refused"]) {
  const field = useRef<HTMLInputElement>(null);
  // Each refusal's alert is a new element: the same words refused twice are said twice (a screen
  // reader announces an alert as it is inserted, not as its text stays the same).
  const [refusals, setRefusals] = useState({ last: refused, count: 0 });
  // React's way to adjust state when a prop changes: during render, before the children see it.
  if (refusals.last !== refused) setRefusals({ last: refused, count: refusals.count + 1 });
  // No field when the listing ended meanwhile: then the alert itself, so focus is never on the body.
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (refused) (field.current ?? alert.current)?.focus();
  }, [refused]);
  return { field, alert, refusalKey: refusals.count };
}

/**
 * One listing's price, changed on its page: the price in the listing's currency with that
 * currency's decimals, sent with the price version the page showed, so a price changed meanwhile
 * is refused with the reason instead of overwritten. The confirmation lives in a status region
 * that is always in the page, so that its new text is announced.
 */
export function ListingPriceForm({ listing, srt, locale, search, refused, saved, undoEnds }: ListingPriceFormProps) {
  const id = useId();
  const text = useText();
  const timeZone = useSellerTimeZone();
  const { field, alert, refusalKey } = useFocusOnRefusal(refused);
  const saving = useNavigation().state === "submitting";
  const digits = Math.round(Math.log10(minorUnitsPerMajor(listing.currency)));
  const action = `${href("/sh/lst/:listingId", { listingId: String(listing.id) })}${search}`;
  return (
    <section className="listing-price" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text("listingPrice.title")}</h3>
      <output className="listing-price__saved">
        {saved && (
          <>
            {text("listingPrice.saved", {
              from: formatMoney(saved.from, listing.currency, locale),
              to: formatMoney(saved.to, listing.currency, locale),
            })}{" "}
            <Link to={href("/sh/lst/prices/:changeId", { changeId: saved.changeId })}>
              {text("listingPrice.seeChange")}
            </Link>
          </>
        )}
      </output>
      {/* Outside the form: a listing that ended while the page was open is refused, and the form goes. */}
      {refused && (
        <p key={refusalKey} ref={alert} tabIndex={-1} id={`${id}-error`} className="form-error" role="alert">
          {refused.error}
        </p>
      )}
      {listing.status === "ended" ? (
        <p>{text("listingPrice.ended")}</p>
      ) : (
        <Form
          method="post"
          action={action}
          className="listing-price__form"
          noValidate
          onSubmit={(event) => saving && event.preventDefault()}
        >
          <input type="hidden" name="srt" value={srt} />
          <input type="hidden" name="version" value={listing.priceVersion} />
          <div className="price-change__field">
            <label htmlFor={`${id}-price`}>{text("listingPrice.label", { currency: listing.currency })}</label>
            <input
              ref={field}
              id={`${id}-price`}
              name="price"
              inputMode={digits === 0 ? "numeric" : "decimal"}
              autoComplete="off"
              defaultValue={refused?.value ?? formatPriceForInput(listing.price, listing.currency, locale)}
              aria-invalid={refused ? true : undefined}
              aria-describedby={[refused && `${id}-error`, `${id}-hint`, undoEnds && `${id}-undo`]
                .filter(Boolean)
                .join(" ")}
            />
            <p id={`${id}-hint`} className="price-change__hint">
              {text("listingPrice.hint", {
                digits,
                currency: listing.currency,
                example: examplePrice(listing.currency, decimalMark(locale)),
              })}
            </p>
            {undoEnds && (
              <p id={`${id}-undo`} className="price-change__hint">
                {text("listingPrice.endsUndo", {
                  description: describePriceChange(undoEnds.change, locale, text),
                  time: formatTime(undoEnds.appliedAt, locale, timeZone),
                })}
              </p>
            )}
          </div>
          {/* aria-disabled, not disabled: a disabled button loses focus to the page's body (RunChangeForm). */}
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? text("listingPrice.saving") : text("listingPrice.save")}
          </button>
        </Form>
      )}
    </section>
  );
}
