import type { I18n, MessageDescriptor } from "@lingui/core";
import type source from "./catalogues/en-US.json";
import { isLanguage, SOURCE_LANGUAGE, textDirection, type Language } from "./languages";

/*
 * A language's texts, apart from React: loaders, actions and the operators' scripts (which Node
 * runs without a JSX step, scripts/app-modules.ts) use them as components do (`text.tsx`).
 */

/** Every text's key, typed from the source language's catalogue: a key no catalogue has does not compile. */
export type MessageKey = keyof typeof source;

/** The values a message's placeholders take: numbers and dates are formatted by the message's language. */
export type MessageValues = Record<string, string | number | Date>;

/** Formats one message of the active language. */
export type Text = (key: MessageKey, values?: MessageValues) => string;

export interface LanguageText {
  language: Language;
  dir: "ltr" | "rtl";
  text: Text;
  /**
   * Where the browser loads them from before it hydrates: a script named by its content, cached
   * for good (`CataloguePreload`, app/i18n/catalogue-file.server.ts).
   */
  catalogueUrl: string;
}

export function languageText(i18n: I18n, catalogueUrl: string): LanguageText {
  const language = isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE;
  return {
    language,
    dir: textDirection(language),
    text: (key, values) => i18n._({ id: key, values } satisfies MessageDescriptor),
    catalogueUrl,
  };
}

/** The id of the element that names the page's catalogue to the browser (`CataloguePreload`). */
export const CATALOGUE_ELEMENT_ID = "hub-catalogue";
