import type { Text } from "~/i18n/language-text";
import { z } from "zod";
import { formatMoney, minorUnitsPerMajor } from "~/money/format-money";
import {
  formatHundredths,
  MAX_PERCENT_RAISE,
  MAX_PRICE,
  PRICE_CHANGE_KINDS,
  PRICE_ENDINGS,
  inMinorUnits,
  parseHundredths,
  type BulkChange,
  type PriceChangeKind,
} from "./price-change";
import {
  isQuantityKind,
  MAX_QUANTITY,
  parseQuantity,
  QUANTITY_CHANGE_KINDS,
  type QuantityChangeKind,
} from "./quantity-change";

// On the server only: the pages that choose and show a change import price-change.ts for its
// words and limits, and a module-level zod schema there was kept in their bundles (and, by the
// chunk zod's core shares with the frame's zod/mini, in the product summary frame's: 12.4 → 22.5 kB gzip).

const CHANGE_KINDS = [...Object.keys(PRICE_CHANGE_KINDS), ...Object.keys(QUANTITY_CHANGE_KINDS)] as [
  PriceChangeKind | QuantityChangeKind,
  ...Array<PriceChangeKind | QuantityChangeKind>,
];

/**
 * The form that chooses a change, for a seller pricing in `currency`: each field's problem in
 * words a seller can act on, the limits in that currency. A change of quantities counts whole
 * items and is never rounded.
 */
export const priceChangeForm = (currency: string, locale: string, text: Text) =>
  z
    .object({
      kind: z.enum(CHANGE_KINDS, { error: text("bulk.form.chooseKind") }),
      amount: z.string({ error: text("bulk.form.enterAmount") }),
      ending: z.string().optional(),
    })
    .transform(({ kind, amount: amountText, ending: endingText }, context): BulkChange => {
      if (isQuantityKind(kind)) {
        const items = parseQuantity(amountText);
        if (items === undefined || (items === 0 && kind !== "set_quantity")) {
          context.addIssue({ code: "custom", path: ["amount"], message: text("bulk.form.itemsFormat", { kind }) });
          return z.NEVER;
        }
        if (items > MAX_QUANTITY) {
          context.addIssue({
            code: "custom",
            path: ["amount"],
            message: text("bulk.form.itemsAtMost", { max: MAX_QUANTITY }),
          });
          return z.NEVER;
        }
        if (endingText) {
          context.addIssue({
            code: "custom",
            path: ["ending"],
            message: text("bulk.form.noEnding", { none: text("bulk.ending.none") }),
          });
          return z.NEVER;
        }
        return { kind, amount: items };
      }
      const amount = parseHundredths(amountText);
      const percent = kind === "raise_percent" || kind === "lower_percent";
      if (amount === undefined || amount === 0) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: percent
            ? text("bulk.form.percentFormat", { example: formatHundredths(1250, locale, "as needed") })
            : text("bulk.form.amountFormat", { example: formatHundredths(250, locale) }),
        });
        return z.NEVER;
      }
      if (kind === "lower_percent" && amount >= 100 * 100) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: text("bulk.form.lowerUnder100"),
        });
        return z.NEVER;
      }
      if (kind === "raise_percent" && amount > MAX_PERCENT_RAISE * 100) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: text("bulk.form.raiseAtMost", { max: MAX_PERCENT_RAISE }),
        });
        return z.NEVER;
      }
      const minorUnits = inMinorUnits(amount, minorUnitsPerMajor(currency));
      if (!percent && minorUnits === undefined) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: text("bulk.form.wholeAmount", { currency }),
        });
        return z.NEVER;
      }
      if (!percent && (minorUnits as number) > MAX_PRICE) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: text("bulk.form.amountAtMost", { max: formatMoney(MAX_PRICE, currency, locale) }),
        });
        return z.NEVER;
      }
      const ending = endingText ? Number(endingText) : undefined;
      // Only the endings offered in the seller's currency (`endingsFor`): a yen seller's form
      // sent with .99 would preview every listing as "no cents" (an audit of 2026-11-29).
      const offered = (PRICE_ENDINGS as readonly number[]).includes(ending as number);
      if (ending !== undefined && (!offered || inMinorUnits(ending, minorUnitsPerMajor(currency)) === undefined)) {
        context.addIssue({ code: "custom", path: ["ending"], message: text("bulk.form.chooseEnding") });
        return z.NEVER;
      }
      return { kind, amount, ...(ending !== undefined && { ending }) };
    });
