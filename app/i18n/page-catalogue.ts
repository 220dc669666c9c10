import { setupI18n, type Messages } from "@lingui/core";
import { formattingLocales, isLanguage, SOURCE_LANGUAGE } from "./languages";
import { CATALOGUE_ELEMENT_ID, languageText, type LanguageText } from "./language-text";

type ImportModule = (url: string) => Promise<{ default: Messages }>;

/**
 * In the browser: the language the server rendered the page in, and its messages from the
 * catalogue the page preloads (`CataloguePreload`), so the first render matches the server's.
 */
export async function loadPageCatalogue(
  document: Document,
  importModule: ImportModule = (url) => import(/* @vite-ignore */ url),
): Promise<LanguageText> {
  const element = document.head.querySelector<HTMLLinkElement>(`link#${CATALOGUE_ELEMENT_ID}[rel="modulepreload"]`);
  const tag = element?.dataset.language;
  const language = isLanguage(tag) ? tag : SOURCE_LANGUAGE;
  const url = element?.getAttribute("href") ?? "";
  // Once more if the first try fails (a dropped connection): a browser keeps a module's failure
  // for the page's life, so the second try asks under another address. In development Vite adds
  // `?import` to this import, so the file is fetched twice there (the preload's and this).
  const messages = url ? (await importModule(url).catch(() => importModule(`${url}?again`))).default : {};
  return languageText(
    setupI18n({ locale: language, locales: formattingLocales(language), messages: { [language]: messages } }),
    url,
  );
}
