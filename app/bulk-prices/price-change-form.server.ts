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
  type PriceChange,
  type PriceChangeKind,
} from "./price-change";

// On the server only: the pages that choose and show a change import price-change.ts for its
// words and limits, and a module-level zod schema there was kept in their bundles (and, by the
// chunk zod's core shares with the frame's zod/mini, in the product summary frame's: 12.4 → 22.5 kB gzip).

/**
 * The form that chooses a change, for a seller pricing in `currency`: each field's problem in
 * words a seller can act on, the limits in that currency.
 */
export const priceChangeForm = (currency: string, locale: string) =>
  z
    .object({
      kind: z.enum(Object.keys(PRICE_CHANGE_KINDS) as [PriceChangeKind, ...PriceChangeKind[]], {
        error: "Choose how to change the prices.",
      }),
      amount: z.string({ error: "Enter an amount." }),
      ending: z.string().optional(),
    })
    .transform(({ kind, amount: amountText, ending: endingText }, context): PriceChange => {
      const amount = parseHundredths(amountText);
      const percent = kind === "raise_percent" || kind === "lower_percent";
      if (amount === undefined || amount === 0) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: percent
            ? `Enter the percentage as a number above 0 with up to 2 decimals, for example 10 or ${formatHundredths(1250, locale, "as needed")}.`
            : `Enter the amount as a number above 0 with up to 2 decimals, for example ${formatHundredths(250, locale)}.`,
        });
        return z.NEVER;
      }
      if (kind === "lower_percent" && amount >= 100 * 100) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: "A price can be lowered by less than 100% only.",
        });
        return z.NEVER;
      }
      if (kind === "raise_percent" && amount > MAX_PERCENT_RAISE * 100) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: `A price can be raised by ${MAX_PERCENT_RAISE}% at most.`,
        });
        return z.NEVER;
      }
      const minorUnits = inMinorUnits(amount, minorUnitsPerMajor(currency));
      if (!percent && minorUnits === undefined) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: `Enter a whole amount: prices in ${currency} have no decimals.`,
        });
        return z.NEVER;
      }
      if (!percent && (minorUnits as number) > MAX_PRICE) {
        context.addIssue({
          code: "custom",
          path: ["amount"],
          message: `Enter an amount of ${formatMoney(MAX_PRICE, currency, locale)} or less.`,
        });
        return z.NEVER;
      }
      const ending = endingText ? Number(endingText) : undefined;
      if (ending !== undefined && !(PRICE_ENDINGS as readonly number[]).includes(ending)) {
        context.addIssue({ code: "custom", path: ["ending"], message: "Choose one of the endings offered." });
        return z.NEVER;
      }
      return { kind, amount, ...(ending !== undefined && { ending }) };
    });
