import { useEffect, useId, useRef, useState } from "react";
import { Form, href, Link } from "react-router";
import { useText } from "~/i18n/text";
import { decimalMark, formatMoney, minorUnitsPerMajor } from "~/money/format-money";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import type { ChangedField } from "~/db/schema";
import { describePriceChange, examplePrice, formatPriceForInput, type PriceChange } from "../../price-change";
import { MAX_QUANTITY } from "../../quantity-change";
import { useSending } from "~/components/use-sending";

export interface ListingPriceFormProps {
  listing: {
    id: number;
    price: number;
    currency: string;
    status: string;
    priceVersion: number;
    quantity: number;
    quantityVersion: number;
  };
  /** The session's anti-forgery token. */
  srt: string;
  locale: string;
  /** The page's query (the product summary's filters), kept when the form is sent. */
  search: string;
  /**
   * The last refusal: why (per field, or for the whole form), and what the seller had typed in
   * each field they changed; a field left alone shows the listing's value as it is now.
   */
  refused?: {
    errors: Partial<Record<ChangedField | "form", string>>;
    values: Partial<Record<ChangedField, string>>;
  };
  /** The change this page just saved, from `?saved=` after the form's redirect: each field it changed. */
  saved?: { changeId: string } & Partial<Record<ChangedField, { from: number; to: number }>>;
  /**
   * The seller's last change while it can be undone, when it is not this listing's own last save:
   * only the last change can be undone (decision 075), so saving here ends its undo, and the
   * seller is told before, not after.
   */
  undoEnds?: { id: string; change: PriceChange; appliedAt: number };
}

type Refusal = NonNullable<ListingPriceFormProps["refused"]>;

/**
 * The form's two fields and its alert.
 *
 * After a refusal the first field refused takes focus, so that keyboard and screen-reader users
 * land where the fix is (WCAG 3.3.1); each refusal is a new object, so a second one moves focus
 * again. A refusal of the whole form (nothing changed, the listing ended meanwhile) focuses its
 * alert. Without JavaScript the page is new, and the reasons are an alert.
 *
 * A field the seller left alone shows the listing's value as it is now (`shown`): after a save, or
 * a refusal that brought another tab's value, the page's data is new, but React leaves what an
 * uncontrolled input holds when its `defaultValue` changes (and a `key` to remount it would take
 * the focus away from where the seller pressed Enter). A field the seller typed in stays as typed.
 */
function useListingFields(refused: Refusal | undefined, shown: Record<ChangedField, string>) {
  const price = useRef<HTMLInputElement>(null);
  const quantity = useRef<HTMLInputElement>(null);
  // Each refusal's alert is a new element: the same words refused twice are said twice (a screen
  // reader announces an alert as it is inserted, not as its text stays the same).
  const [refusals, setRefusals] = useState({ last: refused, count: 0 });
  // React's way to adjust state when a prop changes: during render, before the children see it.
  if (refusals.last !== refused) setRefusals({ last: refused, count: refusals.count + 1 });
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refused) return;
    const field = refused.errors.price ? price : refused.errors.quantity ? quantity : undefined;
    // No field when the listing ended meanwhile: then the alert itself, so focus is never on the body.
    (field?.current ?? alert.current)?.focus();
  }, [refused]);
  // What each field showed last: only a field still holding it follows a new value, never one
  // the seller is typing in (before the scripts ran, or while a save was on its way).
  const lastShown = useRef(shown);
  const { price: shownPrice, quantity: shownQuantity } = shown;
  useEffect(() => {
    const previous = lastShown.current;
    const now = { price: shownPrice, quantity: shownQuantity };
    lastShown.current = now;
    for (const [field, input] of [
      ["price", price.current],
      ["quantity", quantity.current],
    ] as const)
      if (input && previous[field] !== now[field] && input.value === previous[field]) input.value = now[field];
  }, [shownPrice, shownQuantity]);
  return { priceField: price, quantityField: quantity, alert, refusalKey: refusals.count };
}

/**
 * One listing's price and quantity, changed on its page: the price in the listing's currency with
 * that currency's decimals, the quantity a whole number. Each is sent with the value and version
 * the page showed, so only what the seller changed is written, and a field changed meanwhile is
 * refused with the reason instead of overwritten. The confirmation lives in a status region that
 * is always in the page, so that its new text is announced.
 */
export function ListingPriceForm({ listing, srt, locale, search, refused, saved, undoEnds }: ListingPriceFormProps) {
  const id = useId();
  const text = useText();
  const timeZone = useSellerTimeZone();
  const shownPrice = formatPriceForInput(listing.price, listing.currency, locale);
  const { priceField, quantityField, alert, refusalKey } = useListingFields(refused, {
    price: shownPrice,
    quantity: String(listing.quantity),
  });
  const saving = useSending();
  const digits = Math.round(Math.log10(minorUnitsPerMajor(listing.currency)));
  const action = `${href("/sh/lst/:listingId", { listingId: String(listing.id) })}${search}`;
  const errors = refused?.errors ?? {};
  const describedBy = (field: ChangedField, ...others: Array<string | false | undefined>) =>
    [errors[field] && `${id}-${field}-error`, ...others].filter(Boolean).join(" ");
  return (
    <section className="listing-price" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{text("listingPrice.title")}</h3>
      <output className="listing-price__saved">
        {saved && (
          <>
            {saved.price &&
              `${text("listingPrice.saved", {
                from: formatMoney(saved.price.from, listing.currency, locale),
                to: formatMoney(saved.price.to, listing.currency, locale),
              })} `}
            {saved.quantity && `${text("listingQuantity.saved", saved.quantity)} `}
            <Link to={href("/sh/lst/prices/:changeId", { changeId: saved.changeId })}>
              {text("listingPrice.seeChange")}
            </Link>
          </>
        )}
      </output>
      {/* Outside the form: a listing that ended while the page was open is refused, and the form goes. */}
      {refused && (
        <div key={refusalKey} ref={alert} tabIndex={-1} className="form-error" role="alert">
          {(["form", "price", "quantity"] as const).map(
            (field) =>
              errors[field] && (
                <p key={field} id={`${id}-${field}-error`}>
                  {errors[field]}
                </p>
              ),
          )}
        </div>
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
          <input type="hidden" name="priceShown" value={listing.price} />
          <input type="hidden" name="priceVersion" value={listing.priceVersion} />
          <input type="hidden" name="quantityShown" value={listing.quantity} />
          <input type="hidden" name="quantityVersion" value={listing.quantityVersion} />
          {/* The change whose undo the page said a save ends: another since is said before it ends. */}
          <input type="hidden" name="undoEnds" value={undoEnds?.id ?? ""} />
          <div className="price-change__field">
            <label htmlFor={`${id}-price`}>{text("listingPrice.label", { currency: listing.currency })}</label>
            <input
              ref={priceField}
              id={`${id}-price`}
              name="price"
              inputMode={digits === 0 ? "numeric" : "decimal"}
              autoComplete="off"
              defaultValue={refused?.values.price ?? shownPrice}
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={describedBy("price", `${id}-price-hint`, undoEnds && `${id}-undo`)}
            />
            <p id={`${id}-price-hint`} className="price-change__hint">
              {text("listingPrice.hint", {
                digits,
                currency: listing.currency,
                example: examplePrice(listing.currency, decimalMark(locale)),
              })}
            </p>
          </div>
          <div className="price-change__field">
            <label htmlFor={`${id}-quantity`}>{text("listingQuantity.label")}</label>
            <input
              ref={quantityField}
              id={`${id}-quantity`}
              name="quantity"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={refused?.values.quantity ?? String(listing.quantity)}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={describedBy("quantity", `${id}-quantity-hint`, undoEnds && `${id}-undo`)}
            />
            <p id={`${id}-quantity-hint`} className="price-change__hint">
              {text("listingQuantity.hint", { max: MAX_QUANTITY })}
            </p>
          </div>
          {undoEnds && (
            <p id={`${id}-undo`} className="price-change__hint listing-price__undo">
              {text("listingPrice.endsUndo", {
                description: describePriceChange(undoEnds.change, locale, text),
                time: formatTime(undoEnds.appliedAt, locale, timeZone),
              })}
            </p>
          )}
          {/* aria-disabled, not disabled: a disabled button loses focus to the page's body (RunChangeForm). */}
          <button type="submit" className="button button--primary" aria-disabled={saving || undefined}>
            {saving ? text("listingPrice.saving") : text("listingPrice.save")}
          </button>
        </Form>
      )}
    </section>
  );
}
