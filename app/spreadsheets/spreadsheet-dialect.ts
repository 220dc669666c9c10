import { stringify } from "csv-stringify/sync";
import { formattingLocale, type Language } from "~/i18n/languages";

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
  const decimal = new Intl.NumberFormat(formattingLocale(language))
    .formatToParts(1.5)
    .find((part) => part.type === "decimal")?.value;
  return decimal === "," ? COMMA_DECIMALS : POINT_DECIMALS;
}

/**
 * A text cell that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a
 * carriage return: OWASP's "CSV injection") gets an apostrophe before it, OWASP's advice, so the
 * spreadsheet takes it as text. The apostrophe may show in the cell (Excel keeps it when it opens
 * a CSV file), and a file brought back into the hub must take it off again.
 *
 * So does each part of it after a separator of either dialect or a tab: the file is written with
 * the hub language's separator, but Excel opens it with its Windows region's, and there a quoted
 * cell is no protection (the split falls inside it). A member's name "Eve;=cmd|' /C calc'!A0;x"
 * went out whole in an English file, and a German Excel ran its middle as a formula in the
 * owner's activity log (an audit of 2026-11-29). A text such as "Lamp, -20 %" then reads
 * "Lamp, '-20 %": rare, and only in a cell of text, which the hub never reads back.
 */
export function inertText(text: string): string {
  return text.replace(/(^|[,;\t]\s*)(?=[=+\-@\t\r])/g, "$1'");
}

/**
 * Rows as CSV text for a spreadsheet: cells apart by the dialect's delimiter, each row ended by
 * CR LF (RFC 4180), a UTF-8 byte order mark first if asked (Excel reads the file as UTF-8 only
 * with it). The one way the hub writes CSV: the listings', the activity log's and the site-speed
 * pages' files.
 *
 * A cell holding a line break of any kind is quoted. csv-stringify quotes one that holds the row
 * ending it writes (CR LF), but a spreadsheet also ends a row at a bare LF or CR: a title
 * "Lamp\n=1+1" went out unquoted, and the spreadsheet read "=1+1" as a row of its own whose first
 * cell it ran as a formula (an audit of 2026-11-26; `inertText` guards a cell's first character only).
 */
export function spreadsheetCsv(
  rows: readonly (readonly string[])[],
  { delimiter }: Pick<SpreadsheetDialect, "delimiter">,
  { bom = false } = {},
): string {
  return stringify(rows as string[][], { delimiter, record_delimiter: "windows", bom, quoted_match: /[\r\n]/ });
}
