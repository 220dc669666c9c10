import { setupI18n, type I18n } from "@lingui/core";
import {
  compileMessageOrThrow,
  type CompiledIcuChoices,
  type CompiledMessage,
} from "@lingui/message-utils/compileMessage";
import deDE from "./catalogues/de-DE.json" with { type: "json" };
import enGB from "./catalogues/en-GB.json" with { type: "json" };
import enUS from "./catalogues/en-US.json" with { type: "json" };
import esES from "./catalogues/es-ES.json" with { type: "json" };
import frFR from "./catalogues/fr-FR.json" with { type: "json" };
import itIT from "./catalogues/it-IT.json" with { type: "json" };
import { FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE } from "./bidi";
import { CATALOGUE_PATH, catalogueFile, parseCatalogueFileName, type CatalogueFile } from "./catalogue-file.server";
import { formattingLocales, SOURCE_LANGUAGE, textDirection, type Language, type SellerLanguage } from "./languages";
import { languageText, type LanguageText, type MessageKey } from "./language-text";

/** Each seller language's messages in ICU MessageFormat, as translators write them. */
export const CATALOGUES: Record<SellerLanguage, Record<MessageKey, string>> = {
  "en-US": enUS,
  "en-GB": enGB,
  "de-DE": deDE,
  "fr-FR": frFR,
  "it-IT": itIT,
  "es-ES": esES,
};

type MapText = (text: string) => string;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((letter, index) => [
    letter,
    [..."ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ"][index]!,
  ]),
);

/**
 * The accented pseudo-language: every letter accented and every vowel doubled, about 35 % longer
 * than English (the length German or French often takes), so a string that skipped the
 * catalogues stays plain and a label that does not fit shows.
 */
const accented: MapText = (text) =>
  [...text].map((char) => (/[aeiouAEIOU]/.test(char) ? ACCENTED[char]!.repeat(2) : (ACCENTED[char] ?? char))).join("");

/** The right-to-left pseudo-language: each text set right to left, as Chromium's own ar-XB does. */
const rightToLeft: MapText = (text) => (text.trim() ? `\u202E${text}\u202C` : text);

const CHOICES = new Set(["plural", "select", "selectordinal"]);

/**
 * A right-to-left language's values, each set apart from the words around it (Unicode's first
 * strong isolate, what ICU's MessageFormat 2 does by default): a number, a price or an ePID then
 * reads in its own direction, whatever surrounds it. Without it the pseudo right-to-left
 * language's "Showing 1–20 of 40 listings." read "gniwohS1–20 fo 40.sgnitsil". A plural's or a
 * select's cases are walked; its `#` is its number.
 */
function isolateValues(tokens: CompiledMessage): CompiledMessage {
  return tokens.flatMap((token) => {
    if (typeof token === "string")
      return token === "#" ? [FIRST_STRONG_ISOLATE, token, POP_DIRECTIONAL_ISOLATE] : [token];
    const [name, type, format] = token;
    if (type && CHOICES.has(type) && format && typeof format === "object") {
      const { offset, ...cases } = format as CompiledIcuChoices;
      const isolated = Object.fromEntries(
        Object.entries(cases).map(([choice, message]) => [choice, isolateValues(message as CompiledMessage)]),
      );
      return [[name, type, { ...isolated, offset } as CompiledIcuChoices]];
    }
    return [FIRST_STRONG_ISOLATE, token, POP_DIRECTIONAL_ISOLATE];
  });
}

/** Compiled once per language: the first request in a language compiles it (about a millisecond). */
const compiled = new Map<Language, LanguageText>();

function compile(messages: Record<string, string>, mapText?: MapText): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message, mapText)];
      } catch (error) {
        throw new Error(`Catalogue message "${key}" is not valid ICU MessageFormat: ${String(error)}`, {
          cause: error,
        });
      }
    }),
  );
}

function compileLanguage(language: Language): I18n {
  const messages =
    language === "en-XA"
      ? // Brackets show where each text starts and ends, and whether it was cut short.
        Object.fromEntries(
          Object.entries(compile(CATALOGUES[SOURCE_LANGUAGE], accented)).map(([key, tokens]) => [
            key,
            ["[", ...tokens, "]"],
          ]),
        )
      : language === "ar-XB"
        ? compile(CATALOGUES[SOURCE_LANGUAGE], rightToLeft)
        : compile(CATALOGUES[language]);
  const texts =
    textDirection(language) === "rtl"
      ? Object.fromEntries(Object.entries(messages).map(([key, tokens]) => [key, isolateValues(tokens)]))
      : messages;
  return setupI18n({
    locale: language,
    locales: formattingLocales(language),
    messages: { [language]: texts },
  });
}

/** A language's texts; every request in that language shares them (nothing in them changes). */
export function textOfLanguage(language: Language): LanguageText {
  let text = compiled.get(language);
  if (!text) {
    const i18n = compileLanguage(language);
    const file = catalogueFile(language, i18n.messages);
    text = languageText(i18n, file.url);
    compiled.set(language, text);
    files.set(language, file);
  }
  return text;
}

const files = new Map<Language, CatalogueFile>();

/**
 * The catalogue of the language a file name names, if that language is offered here, and whether
 * the name is its current one (a page of an earlier release names an older file).
 */
export function catalogueFileNamed(
  name: string,
  offered: readonly Language[],
): { file: CatalogueFile; current: boolean } | undefined {
  const parsed = parseCatalogueFileName(name);
  if (!parsed || !offered.some((language) => language === parsed.language)) return undefined;
  const language = parsed.language as Language;
  textOfLanguage(language);
  const file = files.get(language)!;
  return { file, current: file.url === `${CATALOGUE_PATH}${name}` };
}
