import { useText, type MessageKey } from "~/i18n/text";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { endingsFor, formatHundredths, PRICE_CHANGE_KINDS, type PriceChangeKind } from "../../price-change";
import { isQuantityKind, QUANTITY_CHANGE_KINDS, type QuantityChangeKind } from "../../quantity-change";

type ChangeKind = PriceChangeKind | QuantityChangeKind;

/** The choices in the order the form offers them: the prices' five, then the quantities' three. */
const KINDS = { ...PRICE_CHANGE_KINDS, ...QUANTITY_CHANGE_KINDS };

export interface ChangeChoiceProps {
  /** Each field's problem from the last submit, and the form's own (nothing selected). */
  errors: Partial<Record<"kind" | "amount" | "ending" | "form", string>>;
  /** What the seller sent last, kept after a refusal. */
  values?: Record<string, string>;
  /** The seller's currency: the endings offered are those it has. */
  currency?: string;
  /** The page's language's locale: the example amounts use its decimal mark (the field takes either). */
  locale?: string;
}

type Field = "kind" | "amount" | "ending";

/** The fields in the order the form shows them; the first with a problem is where the seller goes. */
const firstWithProblem = (problems: ChangeChoiceProps["errors"]): Field | undefined =>
  (["kind", "amount", "ending"] as const).find((field) => problems[field]);

/**
 * After a refused submit the first field with a problem takes focus, so that a keyboard or
 * screen-reader user lands where the fix is (WCAG 3.3.1). Each refusal is a new `errors` object,
 * so a second refusal moves focus again. Without JavaScript the page is new and the alert says it.
 */
function useFocusOnFirstProblem(
  errors: ChangeChoiceProps["errors"],
  kinds: RefObject<HTMLFieldSetElement | null>,
  amount: RefObject<HTMLInputElement | null>,
  ending: RefObject<HTMLSelectElement | null>,
): Field | undefined {
  useEffect(() => {
    const first = firstWithProblem(errors);
    if (first === "kind") {
      // The radio group takes focus on its chosen kind, where arrow keys move from.
      const group = kinds.current;
      (group?.querySelector<HTMLInputElement>("input:checked") ?? group?.querySelector("input"))?.focus();
    } else if (first === "amount") amount.current?.focus();
    else if (first === "ending") ending.current?.focus();
  }, [errors, kinds, amount, ending]);
  return firstWithProblem(errors);
}

/**
 * The fields of a bulk change: how (a radio group: five ways to change the prices, three to change
 * the quantities), how much, and for prices an optional ending to round to. Each problem is shown
 * by its field and tied to it (aria-describedby, aria-invalid); the first field with a problem
 * takes focus after a refused submit. With JavaScript the amount's label, hint and keypad follow
 * the choice, and the ending goes while a quantity is chosen; without it every field is there, and
 * the server refuses an ending for a quantity with the reason.
 */
export function ChangeChoice({ errors, values = {}, currency = "USD", locale = "en-US" }: ChangeChoiceProps) {
  const id = useId();
  const kinds = useRef<HTMLFieldSetElement>(null);
  const amount = useRef<HTMLInputElement>(null);
  const ending = useRef<HTMLSelectElement>(null);
  const hydrated = useHydrated();
  const text = useText();
  const [kind, setKind] = useState<ChangeKind>((values.kind as ChangeKind) || "raise_percent");
  const percent = kind === "raise_percent" || kind === "lower_percent";
  const items = isQuantityKind(kind);
  const error = (field: keyof ChangeChoiceProps["errors"]) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    );
  const firstProblem = useFocusOnFirstProblem(errors, kinds, amount, ending);
  const endings = endingsFor(currency, text);
  const wholeAmounts = endings.length === 1;
  return (
    <>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      {firstProblem && (
        <p className="visually-hidden" role="alert">
          {text("bulk.choice.notPreviewed", { problem: errors[firstProblem] ?? "" })}
        </p>
      )}
      <fieldset
        ref={kinds}
        className="price-change__kinds"
        aria-describedby={errors.kind ? `${id}-kind-error` : undefined}
      >
        <legend>{text("bulk.choice.how")}</legend>
        {error("kind")}
        {(Object.entries(KINDS) as Array<[ChangeKind, MessageKey]>).map(([value, label]) => (
          <label key={value} className="price-change__kind">
            <input type="radio" name="kind" value={value} checked={kind === value} onChange={() => setKind(value)} />{" "}
            {text(label)}
          </label>
        ))}
      </fieldset>
      <div className="price-change__field">
        <label htmlFor={`${id}-amount`}>
          {/* Without JavaScript the label cannot follow the choice, so it names both. */}
          {hydrated ? text("bulk.amount.label", { kind }) : text("bulk.amount.either")}
        </label>
        {error("amount")}
        <input
          ref={amount}
          id={`${id}-amount`}
          name="amount"
          inputMode={hydrated && items ? "numeric" : "decimal"}
          autoComplete="off"
          defaultValue={values.amount}
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-amount-error` : `${id}-amount-hint`}
        />
        <p id={`${id}-amount-hint`} className="price-change__hint">
          {hydrated && items
            ? text("bulk.amount.hintItems")
            : wholeAmounts && !percent
              ? text("bulk.amount.hintWhole")
              : text("bulk.amount.hintDecimals", { example: formatHundredths(250, locale) })}
        </p>
      </div>
      {/* A quantity is never rounded: with JavaScript the ending goes while one is chosen. */}
      {!(hydrated && items) && (
        <div className="price-change__field">
          <label htmlFor={`${id}-ending`}>{text("bulk.ending.label")}</label>
          {error("ending")}
          <select
            ref={ending}
            id={`${id}-ending`}
            name="ending"
            defaultValue={values.ending ?? ""}
            aria-invalid={errors.ending ? true : undefined}
            aria-describedby={errors.ending ? `${id}-ending-error` : undefined}
          >
            <option value="">{text("bulk.ending.none")}</option>
            {endings.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
    </>
  );
}
