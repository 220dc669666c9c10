/**
 * The languages the hub speaks. A seller's language is their own choice, else their site's; a
 * signed-out visitor's is their browser's (`Accept-Language`). Decision record 080.
 */

/** The languages sellers can choose, each with a complete catalogue (app/i18n/catalogues.test.ts). */
export const SELLER_LANGUAGES = ["en-US", "en-GB", "de-DE", "fr-FR", "it-IT", "es-ES"] as const;

/**
 * Made from English for development and tests, never offered in production: `en-XA` accents every
 * letter and is about 35 % longer, so a hard-coded string or a label that does not fit shows;
 * `ar-XB` is written right to left, so the whole hub lays out mirrored.
 */
export const PSEUDO_LANGUAGES = ["en-XA", "ar-XB"] as const;

export type SellerLanguage = (typeof SELLER_LANGUAGES)[number];
export type PseudoLanguage = (typeof PSEUDO_LANGUAGES)[number];
export type Language = SellerLanguage | PseudoLanguage;

export const SOURCE_LANGUAGE: SellerLanguage = "en-US";

/** Each language's name in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  "en-US": "English (US)",
  "en-GB": "English (UK)",
  "de-DE": "Deutsch",
  "fr-FR": "Français",
  "it-IT": "Italiano",
  "es-ES": "Español",
  "en-XA": "[Ƥşḗḗŭŭḓǿǿ-Ḗƞɠŀīīşħ]",
  "ar-XB": "Pseudo right to left",
};

export function isLanguage(value: unknown): value is Language {
  return (
    typeof value === "string" &&
    ((SELLER_LANGUAGES as readonly string[]).includes(value) || (PSEUDO_LANGUAGES as readonly string[]).includes(value))
  );
}

export function isPseudoLanguage(language: Language): language is PseudoLanguage {
  return (PSEUDO_LANGUAGES as readonly string[]).includes(language);
}

/**
 * The locale whose rules write a language's dates, times, counts and money: its own, but the
 * accented pseudo-language's, which are English.
 */
export function formattingLocale(language: Language): string {
  return language === "en-XA" ? SOURCE_LANGUAGE : language;
}

/** As Lingui takes `formattingLocale`: for a message's plurals, numbers and dates. */
export function formattingLocales(language: Language): string[] {
  return [formattingLocale(language)];
}

export function textDirection(language: Language): "ltr" | "rtl" {
  return language === "ar-XB" ? "rtl" : "ltr";
}

/**
 * The hub's language for a language tag ("de-AT" → German, "en-AU" → British English), or
 * undefined when the hub does not speak its tongue.
 */
export function languageOfTag(tag: string): SellerLanguage | undefined {
  const exact = SELLER_LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const tongue = tag.split("-")[0]?.toLowerCase();
  // British spelling for every English but America's (Australia, Ireland, India…).
  if (tongue === "en") return tag.toLowerCase() === "en" || /-US$/i.test(tag) ? "en-US" : "en-GB";
  return SELLER_LANGUAGES.find((language) => language.startsWith(`${tongue}-`));
}

/** The language of a site's locale (a seller's `locale`, "de-DE"), English where the hub does not speak it. */
export function languageOfLocale(locale: string): SellerLanguage {
  return languageOfTag(locale) ?? SOURCE_LANGUAGE;
}
