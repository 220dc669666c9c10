import { setupI18n } from "@lingui/core";
import { formattingLocales, isLanguage, SOURCE_LANGUAGE } from "./languages";
import { CATALOGUE_ELEMENT_ID, languageText, type LanguageText } from "./language-text";

/** In the browser: the language and messages the server rendered the page with (`CatalogueScript`). */
export function readPageCatalogue(document: Document): LanguageText {
  const element = document.getElementById(CATALOGUE_ELEMENT_ID);
  const tag = element?.dataset.language;
  const language = isLanguage(tag) ? tag : SOURCE_LANGUAGE;
  const messages = element?.textContent ? JSON.parse(element.textContent) : {};
  return languageText(
    setupI18n({ locale: language, locales: formattingLocales(language), messages: { [language]: messages } }),
  );
}
