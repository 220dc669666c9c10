import { formattingLocales, type Language } from "~/i18n/languages";

/**
 * How a spreadsheet in the seller's language reads a CSV file: Excel and LibreOffice take the list
 * separator of the system's region, which is ";" wherever the decimal mark is "," (Germany,
 * France, Italy, Spain), so a file written with "," there opens as one column of text.
 */
export interface SpreadsheetDialect {
  delimiter: "," | ";";
  decimalMark: "." | ",";
}

const COMMA_DECIMALS: SpreadsheetDialect = { delimiter: ";", decimalMark: "," };
const POINT_DECIMALS: SpreadsheetDialect = { delimiter: ",", decimalMark: "." };

export function spreadsheetDialect(language: Language): SpreadsheetDialect {
  const [locale] = formattingLocales(language);
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value;
  return decimal === "," ? COMMA_DECIMALS : POINT_DECIMALS;
}

/**
 * An amount in minor units written as a spreadsheet reads a number: no grouping, the currency's
 * own number of decimals (JPY 0, USD 2, KWD 3), in whole-number arithmetic so that no amount is
 * rounded on its way out.
 */
export function plainAmount(minorUnits: number, minorPerMajor: number, decimalMark: SpreadsheetDialect["decimalMark"]) {
  const decimals = Math.round(Math.log10(minorPerMajor));
  const sign = minorUnits < 0 ? "-" : "";
  const whole = Math.abs(minorUnits);
  const major = Math.floor(whole / minorPerMajor);
  if (decimals === 0) return `${sign}${major}`;
  return `${sign}${major}${decimalMark}${String(whole % minorPerMajor).padStart(decimals, "0")}`;
}

/**
 * A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return: OWASP's "CSV injection") gets an apostrophe before it, OWASP's advice, so the
 * spreadsheet takes it as text. The apostrophe may show in the cell (Excel keeps it when it opens
 * a CSV file), and a file brought back into the hub must take it off again.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
