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
 * A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return: OWASP's "CSV injection") gets an apostrophe before it, OWASP's advice, so the
 * spreadsheet takes it as text. The apostrophe may show in the cell (Excel keeps it when it opens
 * a CSV file), and a file brought back into the hub must take it off again.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
