import source from "~/i18n/catalogues/en-US.json";
import type { LanguageText, MessageKey } from "~/i18n/language-text";

/**
 * Every message of a language as it reads, each placeholder given a number (a date's too, and a
 * choice's falls to its "other"): two languages' texts alike are the same catalogue.
 */
export function everyText({ text }: LanguageText): Record<string, string> {
  const keys = Object.keys(source) as MessageKey[];
  const values = Object.fromEntries(
    [
      ...new Set(
        Object.values(source).flatMap((message) => [...message.matchAll(/\{(\w+)/g)].map(([, name]) => name!)),
      ),
    ].map((name) => [name, 1234.5]),
  );
  return Object.fromEntries(keys.map((key) => [key, text(key, values)]));
}
