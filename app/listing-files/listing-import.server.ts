import { Readable } from "node:stream";
import { CsvError, parse as parseStream } from "csv-parse";
import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";
import type { MessageKey, Text } from "~/i18n/language-text";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { SELLER_LANGUAGES } from "~/i18n/languages";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import { CHUNK, previewFileChanges, type FileChanges } from "~/listing-changes/price-changes.server";
import { MAX_QUANTITY, parseQuantity, QUANTITY_PROBLEMS } from "~/listing-changes/quantity-change";
import { readForm } from "~/http/request-body.server";
import { decimalMark, formatMoney, minorUnitsPerMajor, plainAmount } from "~/money/format-money";
import { parseListingId } from "~/listings/listing-id";
import { MAX_SELECTION } from "~/listing-changes/listing-selection.server";
import { examplePrice, MAX_PRICE, parsePrice } from "~/listing-changes/price-change";
import { COLUMN_HEADINGS, type ListingFileColumn } from "./listing-columns";

/**
 * Reading a listings file brought back into the hub (docs/product/listing-files.md): the export's
 * own file edited in a spreadsheet is the first case. The whole file is checked before anything
 * is stored: a file that cannot be read, or any row that cannot be taken, is refused with every
 * reason found, and nothing is written. What it yields is each listing's new price and quantity, for a preview.
 */

/** The largest file taken: a seller's 50,000 rows of the export are about 5 MB. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The most rows of listings one file brings: five bulk changes' worth. */
export const MAX_FILE_ROWS = 50_000;

/** Reasons listed at once; the rest are counted. A file with thousands of bad rows is one mistake repeated. */
export const PROBLEMS_SHOWN = 100;

interface ParsedRecord {
  record: string[];
  info: { records: number; empty_lines: number };
}

/**
 * The text in pieces the parser reads between turns of the event loop. Parsed at once, 50,000 rows
 * (3 MB) held the worker for 250–550 ms, every other request of it waiting; in 16 kB pieces the
 * longest hold was 11–17 ms (64 kB: 110 ms), for a whole read of 540–600 ms instead of 250
 * (csv-parse 7, this machine, 2026-11-25). A piece never ends between the two halves of a
 * character outside the BMP.
 */
async function* pieces(content: string, size = 16 * 1024): AsyncGenerator<string> {
  for (let start = 0; start < content.length;) {
    let end = Math.min(start + size, content.length);
    if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1] as string)) end -= 1;
    yield content.slice(start, end);
    start = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A row that cannot be taken: its number as the seller's spreadsheet shows it (the headings are row 1). */
export interface RowProblem {
  row: number;
  reason: string;
}

export type FileReading =
  | {
      ok: true;
      /**
       * The listings whose price or quantity the file changes: to what (a price in minor units of
       * each one's currency), and the value and version each field had when its row was checked.
       */
      changes: Map<number, FileChanges>;
    }
  | {
      ok: false;
      status: 400 | 413;
      reason: string;
      problems: RowProblem[];
      /** Rows with problems beyond those listed. */
      moreProblems: number;
    };

const DELIMITERS = [",", ";", "\t"] as const;

/** The columns the import takes its figures from; the others (title, status…) are the export's, for the seller's eye. */
const READ_COLUMNS: ReadonlySet<ListingFileColumn> = new Set([
  "listingNumber",
  "price",
  "currency",
  "quantity",
  "priceVersion",
  "quantityVersion",
]);

/** More than any first row of headings takes (the export's are under 200 characters). */
const HEADINGS_MAX_CHARACTERS = 64 * 1024;

/**
 * Every heading the export writes in any of the hub's languages, as a spreadsheet may give them
 * back: a German seller's file says "Preis", and a team may share files across languages.
 */
const HEADINGS: ReadonlyMap<string, ListingFileColumn> = new Map(
  SELLER_LANGUAGES.flatMap((language) => {
    const { text } = textOfLanguage(language);
    return (Object.entries(COLUMN_HEADINGS) as Array<[ListingFileColumn, MessageKey]>).map(
      ([column, key]) => [headingKey(text(key)), column] as const,
    );
  }),
);

/**
 * A heading as compared: a Mac may save "é" decomposed (NFD), Windows composed; and the export's
 * curly apostrophe ("Numéro d’annonce") is typed straight on a keyboard, or as a modifier letter.
 */
function headingKey(heading: string): string {
  return withoutFormulaMark(heading)
    .normalize("NFC")
    .trim()
    .replace(/['\u02BC]/gu, "’")
    .toLocaleLowerCase("und");
}

/**
 * The export writes a cell that a spreadsheet would run as a formula with an apostrophe before it
 * (`inertText`), and a spreadsheet may save it so: the apostrophe is taken off again.
 */
function withoutFormulaMark(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** A value of the seller's shown in a reason: never the whole of a long cell. */
function shown(value: string): string {
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}

/**
 * Reads a listings file of the seller's. `locale` is the page's language's (formattingLocaleOf):
 * it reads a tab-separated file's decimal mark, as the export writes it, and writes the prices in
 * the reasons; a seller row, whose `locale` is the site's, does not fit.
 */
export async function readListingFile(
  db: Kysely<DatabaseSchema>,
  { sellerId, locale }: { sellerId: number; locale: string },
  bytes: Uint8Array,
  text: Text,
): Promise<FileReading> {
  const refused = (status: 400 | 413, reason: string, problems: RowProblem[] = []): FileReading => ({
    ok: false,
    status,
    reason,
    problems: problems.slice(0, PROBLEMS_SHOWN),
    moreProblems: Math.max(0, problems.length - PROBLEMS_SHOWN),
  });
  if (bytes.byteLength > MAX_FILE_BYTES) return refused(413, text("listingFiles.import.tooLarge"));
  const content = decoded(bytes);
  if (content === undefined) return refused(400, text("listingFiles.import.notUtf8"));
  if (content.trim() === "") return refused(400, text("listingFiles.import.empty"));

  const headings = columnsOf(content);
  const numberHeading = text(COLUMN_HEADINGS.listingNumber);
  if (!headings) return refused(400, text("listingFiles.import.headings", { number: numberHeading }));
  const { delimiter, columns } = headings;
  // Two columns the import reads of one name (Price beside Prix): reading either would leave the
  // other unread. Two of a column it does not read (Title) are left alone, as that column is.
  const twice = columns.find(
    (column, index) => column !== undefined && READ_COLUMNS.has(column) && columns.indexOf(column) !== index,
  );
  if (twice) return refused(400, text("listingFiles.import.headingTwice", { heading: text(COLUMN_HEADINGS[twice]) }));
  const at = (column: ListingFileColumn) => columns.indexOf(column);
  if (at("price") < 0 && at("quantity") < 0)
    return refused(
      400,
      text("listingFiles.import.noPrice", {
        price: text(COLUMN_HEADINGS.price),
        quantity: text(COLUMN_HEADINGS.quantity),
      }),
    );

  const records: ParsedRecord[] = [];
  let source: Readable | undefined;
  // The bytes up to the end of the last whole record: a quote never closed, or a row with too many
  // cells, begins with the next record. Bytes, not csv-parse's line count: it counts a CR LF inside
  // a quoted cell as two lines, where a spreadsheet shows one.
  let parsedBytes = 0;
  try {
    source = Readable.from(pieces(content));
    const parser = source.pipe(
      parseStream({
        delimiter,
        info: true,
        skip_empty_lines: true,
        on_record: (record, info) => {
          parsedBytes = info.bytes;
          return record;
        },
        // A spreadsheet may leave a row's empty cells at its end out; a row with more cells than the
        // headings is a mistake (a decimal comma unquoted in a file of commas) and is refused.
        relax_column_count_less: true,
      }),
    );
    for await (const parsed of parser as AsyncIterable<ParsedRecord>) {
      // A row of empty cells is no row of listings: a spreadsheet may save thousands after the
      // last row used, which counted against the row limit and refused the file.
      if (records.length > 0 && isBlank(parsed.record)) continue;
      records.push(parsed);
      // Headings and one row past the limit: enough to refuse, without reading the rest.
      if (records.length > MAX_FILE_ROWS + 1) break;
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = nextRecordLine(content, parsedBytes);
    const key =
      error.code === "CSV_QUOTE_NOT_CLOSED"
        ? "listingFiles.import.csv.quote"
        : error.code === "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH"
          ? "listingFiles.import.csv.cells"
          : "listingFiles.import.csv.other";
    return refused(400, text(key, { line }));
  } finally {
    // Left early (the row limit) or on an error: the pieces not yet read are let go.
    source?.destroy();
  }
  const rows = records.slice(1);
  if (rows.length === 0) return refused(400, text("listingFiles.import.empty"));
  if (rows.length > MAX_FILE_ROWS) return refused(413, text("listingFiles.import.tooManyRows", { max: MAX_FILE_ROWS }));

  const problems: RowProblem[] = [];
  const wanted = new Map<number, { row: number; cells: string[] }>();
  for (const { record, info } of rows) {
    // The row as the seller's spreadsheet numbers it: records so far, and the empty lines between.
    const row = info.records + info.empty_lines;
    const cells = record.map((cell) => withoutFormulaMark(cell).trim());
    const numberText = cells[at("listingNumber")] ?? "";
    if (!/^\d{1,15}$/.test(numberText)) {
      problems.push({ row, reason: text("listingFiles.import.row.number", { value: shown(numberText) }) });
      continue;
    }
    const number = Number(numberText);
    const earlier = wanted.get(number);
    if (earlier) {
      problems.push({ row, reason: text("listingFiles.import.row.twice", { number, row: earlier.row }) });
      continue;
    }
    wanted.set(number, { row, cells });
  }

  const changes = new Map<number, FileChanges>();
  const numbers = [...wanted.keys()];
  const mark = delimiter === ";" ? "," : delimiter === "," ? "." : decimalMark(locale);
  for (let start = 0; start < numbers.length; start += CHUNK) {
    // node:sqlite answers synchronously: without a turn of the event loop between lookups, a file
    // of 50,000 rows would hold every other request of this worker until it was read.
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const chunk = numbers.slice(start, start + CHUNK);
    // A number past the largest id names no listing, and never reaches the query (PostgreSQL's integer).
    const ids = chunk.filter((number) => parseListingId(String(number)) !== null);
    // Another seller's listing is "none of yours", as a page of the hub says: never confirmed to exist.
    const listings =
      ids.length === 0
        ? []
        : await db
            .selectFrom("listing")
            .select(["id", "price", "price_version", "currency", "quantity", "quantity_version"])
            .where("seller_id", "=", sellerId)
            .where("id", "in", ids)
            .execute();
    const found = new Map(listings.map((listing) => [listing.id, listing]));
    for (const number of chunk) {
      const { row, cells } = wanted.get(number) as { row: number; cells: string[] };
      const listing = found.get(number);
      const taken = listing
        ? rowOf(listing, cells, at, { mark, locale }, text)
        : { reason: text("listingFiles.import.row.unknown", { number: String(number) }) };
      if ("reason" in taken) problems.push({ row, reason: taken.reason });
      else if (listing) {
        const changed: FileChanges = {};
        if (taken.price !== undefined && taken.price !== listing.price)
          changed.price = { value: taken.price, checkedValue: listing.price, checkedVersion: listing.price_version };
        if (taken.quantity !== undefined && taken.quantity !== listing.quantity)
          changed.quantity = {
            value: taken.quantity,
            checkedValue: listing.quantity,
            checkedVersion: listing.quantity_version,
          };
        if (changed.price || changed.quantity) changes.set(listing.id, changed);
      }
    }
  }
  if (problems.length > 0) {
    problems.sort((a, b) => a.row - b.row);
    return refused(400, text("listingFiles.import.rowsRefused", { count: problems.length }), problems);
  }
  // A change is applied in one transaction, which on SQLite holds the only writer's turn: the bulk
  // change's limit keeps that to what `npm run bench:bulk-prices` measures (decision 084).
  if (changes.size > MAX_SELECTION)
    return refused(400, text("listingFiles.import.tooManyChanges", { count: changes.size, max: MAX_SELECTION }));
  return { ok: true, changes };
}

type RowListing = {
  price: number;
  price_version: number;
  currency: string;
  quantity: number;
  quantity_version: number;
};

/**
 * A row of one of the seller's listings: its new price and quantity (undefined: the cell is empty,
 * the field left as it is), or why it cannot be taken.
 */
function rowOf(
  listing: RowListing,
  cells: string[],
  at: (column: ListingFileColumn) => number,
  { mark, locale }: { mark: string; locale: string },
  text: Text,
): { price: number | undefined; quantity: number | undefined } | { reason: string } {
  const cell = (column: ListingFileColumn) => (at(column) < 0 ? "" : (cells[at(column)] ?? ""));
  const currency = cell("currency");
  if (currency !== "" && currency.toUpperCase() !== listing.currency)
    return { reason: text("listingFiles.import.row.currency", { currency: listing.currency, value: shown(currency) }) };
  const quantity = quantityOf(listing, cell, text);
  if (typeof quantity === "object") return quantity;
  const price = priceOf(listing, cell, { mark, locale }, text);
  if (typeof price === "object") return price;
  return { price, quantity };
}

/**
 * A version cell, as the export wrote it: a listing changed in the hub since would be set back
 * to the file's old value without a word, so an edited value whose version is not the listing's
 * is refused (the seller decides again from a fresh export). An empty cell, or a file without the
 * column (a seller's own), takes the value as it is.
 */
function staleVersion(versionText: string, version: number): "not a version" | "stale" | undefined {
  if (versionText === "") return undefined;
  if (!/^\d{1,9}$/.test(versionText)) return "not a version";
  return Number(versionText) === version ? undefined : "stale";
}

type Cell = (column: ListingFileColumn) => string;

/** The row's price: undefined when its cell is empty, or a reason. */
function priceOf(
  listing: RowListing,
  cell: Cell,
  { mark, locale }: { mark: string; locale: string },
  text: Text,
): number | undefined | { reason: string } {
  const priceText = cell("price");
  if (priceText === "") return undefined;
  const price = parsePrice(priceText, listing.currency, mark);
  if (price === undefined)
    return {
      reason: text("listingFiles.import.row.price", {
        value: shown(priceText),
        currency: listing.currency,
        example: examplePrice(listing.currency, mark),
      }),
    };
  // The listing's own price, as exported: no change, whatever else holds (a listing priced 0).
  if (price === listing.price) return price;
  if (price < 1) return { reason: text("listingFiles.import.row.notPositive") };
  if (price > MAX_PRICE)
    return { reason: text("bulk.form.amountAtMost", { max: formatMoney(MAX_PRICE, listing.currency, locale) }) };
  // A price with no decimal mark, over a hundred times the listing's, in a currency that has
  // decimals: what a spreadsheet writes that took the file's decimal mark for a thousands
  // separator (12.345 dinars became 12345, a thousand times), which the preview alone would leave
  // to the seller's eye (an audit of 2026-11-26). Written with its decimals, the same price is taken.
  const perMajor = minorUnitsPerMajor(listing.currency);
  if (perMajor > 1 && !priceText.includes(mark) && listing.price > 0 && price > listing.price * 100)
    return {
      reason: text("listingFiles.import.row.noDecimals", {
        value: shown(priceText),
        price: formatMoney(listing.price, listing.currency, locale),
        example: plainAmount(price, perMajor, mark),
      }),
    };
  const versionText = cell("priceVersion");
  switch (staleVersion(versionText, listing.price_version)) {
    case "not a version":
      return { reason: text("listingFiles.import.row.version", { value: shown(versionText) }) };
    case "stale":
      return {
        reason: text("listingFiles.import.row.changedSince", {
          price: formatMoney(listing.price, listing.currency, locale),
        }),
      };
  }
  return price;
}

/** The row's quantity: undefined when its cell is empty, or a reason. */
function quantityOf(listing: RowListing, cell: Cell, text: Text): number | undefined | { reason: string } {
  const quantityText = cell("quantity");
  if (quantityText === "") return undefined;
  // A minus sign as a spreadsheet may write it: a hyphen, or U+2212 (as the hub's own tables do).
  if (/^[-−]\s*\d+$/.test(quantityText)) return { reason: text("listingFiles.import.row.quantityNegative") };
  const quantity = parseQuantity(quantityText);
  if (quantity === undefined)
    return { reason: text("listingFiles.import.row.quantityNumber", { value: shown(quantityText) }) };
  if (quantity === listing.quantity) return quantity;
  if (quantity > MAX_QUANTITY) return { reason: text(QUANTITY_PROBLEMS.above_maximum, { max: MAX_QUANTITY }) };
  const versionText = cell("quantityVersion");
  switch (staleVersion(versionText, listing.quantity_version)) {
    case "not a version":
      return { reason: text("listingFiles.import.row.quantityVersion", { value: shown(versionText) }) };
    case "stale":
      return { reason: text("listingFiles.import.row.quantityChanged", { quantity: listing.quantity }) };
  }
  return quantity;
}

/**
 * The line on which the record after the first `bytes` bytes (UTF-8) of the file starts, as a
 * spreadsheet numbers lines (CR LF, LF or CR each end one): the next that is not empty, since
 * empty lines are skipped, not records. Read only on a refusal, so splitting the whole file costs
 * nothing otherwise.
 */
function nextRecordLine(content: string, bytes: number): number {
  const before = Buffer.from(content).subarray(0, bytes).toString();
  const lines = content.split(/\r\n|\n|\r/);
  let index = before === "" ? 0 : before.split(/\r\n|\n|\r/).length - 1;
  while (index < lines.length - 1 && lines[index] === "") index += 1;
  return index + 1;
}

/** Whether a row's cells are all empty, as the row is read: spaces and the export's formula mark are nothing. */
function isBlank(record: readonly string[]): boolean {
  return record.every((cell) => withoutFormulaMark(cell).trim() === "");
}

/**
 * The file as UTF-8 text without its byte order mark; undefined when it is not UTF-8 (a file saved
 * in Windows-1252, or UTF-16, which Excel's "Unicode text" writes). Guessing another encoding could
 * turn "é" into "Ã©" in a price's cell's neighbours without a word: refusing says what to do.
 */
function decoded(bytes: Uint8Array): string | undefined {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return undefined;
  try {
    // TextDecoder drops a UTF-8 byte order mark itself (ignoreBOM is false by default).
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * The delimiter and columns of the file, from its first row: the delimiter is the one under which
 * that row names the listing number column. Excel writes ";" where the decimal mark is a comma,
 * "," elsewhere; "Unicode text" is tab-separated.
 */
function columnsOf(content: string): { delimiter: string; columns: Array<ListingFileColumn | undefined> } | undefined {
  // The first row from the file's start alone: given the whole text, csv-parse took 38–88 ms to
  // return its first row for each delimiter tried on a 10 MB file (the text made bytes whole first),
  // time in which the worker answered no one; given its first 64 kB, 0.4 ms (measured 2026-11-26).
  const start = content.slice(0, HEADINGS_MAX_CHARACTERS);
  for (const delimiter of DELIMITERS) {
    let first: string[] | undefined;
    try {
      [first] = parse(start, { delimiter, to: 1, relax_column_count: true }) as string[][];
    } catch {
      continue;
    }
    const columns = (first ?? []).map((heading) => HEADINGS.get(headingKey(heading)));
    if (columns.includes("listingNumber")) return { delimiter, columns };
  }
  return undefined;
}

/** What the import page shows after a file was sent. */
export type FileImport =
  | { outcome: "previewed"; changeId: string }
  | { outcome: "unchanged" }
  | { outcome: "refused"; status: 400 | 413; reason: string; problems: RowProblem[]; moreProblems: number };

/** Room for the form's other fields and the multipart framing around a file of the largest size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * The import page's form: the file read and checked whole, then its prices and quantities stored
 * as a preview (nothing written to a listing). The preview is the bulk change's page, with its apply and undo.
 */
export async function importListingFile(
  request: Request,
  database: Database,
  signedIn: SignedInSeller,
  text: Text,
  /** The page's language's (formattingLocaleOf): a tab-separated file's decimal mark, as the export writes it. */
  locale: string,
): Promise<FileImport> {
  const refused = (status: 400 | 413, reason: string): FileImport => ({
    outcome: "refused",
    status,
    reason,
    problems: [],
    moreProblems: 0,
  });
  // Said on the page, not as a bare 413: a seller who chose too large a file is told what to do.
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_FILE_BYTES + FORM_OVERHEAD_BYTES)
    return refused(413, text("listingFiles.import.tooLarge"));
  // A file sent without a Content-Length (chunked) is found too large on the way: said the same way.
  const form = await readForm(request, MAX_FILE_BYTES + FORM_OVERHEAD_BYTES).catch((error: unknown) => {
    if (error instanceof Response && error.status === 413) return null;
    throw error;
  });
  if (!form) return refused(413, text("listingFiles.import.tooLarge"));
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0) return refused(400, text("listingFiles.import.noFile"));
  const { seller } = signedIn;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const reading = await readListingFile(database.db, { sellerId: seller.id, locale }, bytes, text);
  if (!reading.ok) return { outcome: "refused", ...reading };
  if (reading.changes.size === 0) return { outcome: "unchanged" };
  return { outcome: "previewed", changeId: await previewFileChanges(database.db, seller.id, reading.changes) };
}
