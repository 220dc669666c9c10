import { textOfLanguage } from "~/i18n/catalogues.server";
import type { Language } from "~/i18n/languages";
import type { Database } from "~/db/database.server";
import { LISTING_SORTS } from "~/listings/listing-filter-options";
import type { ListingFilters } from "~/listings/listing-filters";
import { conditionLabel, statusLabel } from "~/listings/listing-fields";
import { matchingListings } from "~/listings/listings.server";
import { minorUnitsPerMajor, plainAmount } from "~/money/format-money";
import { COLUMN_HEADINGS, LISTING_FILE_COLUMNS, type ListingFileColumn } from "./listing-columns";
import { inertText, spreadsheetCsv, spreadsheetDialect } from "~/spreadsheets/spreadsheet-dialect";

/** Rows read at a time: 100,000 listings are written a thousand at a time, never held at once. */
export const EXPORT_BATCH = 1_000;

/**
 * The seller's listings that match the filters (whatever page of them is shown), in the page's
 * order, as a CSV file for the spreadsheet of the seller's language: UTF-8 with a byte order mark
 * (Excel reads a file without one in the system's old code page, and accents break), the
 * delimiter and decimal mark of that language, a line per listing ended by CR LF (RFC 4180).
 * Rows are read in batches along the sort's own index (keyset: after the last row's sort value
 * and id), when the reader asks for more, so memory stays flat and a slow download holds no
 * query open.
 */
export function listingsCsv(
  database: Database,
  sellerId: number,
  filters: ListingFilters,
  language: Language,
): ReadableStream<Uint8Array> {
  const { db } = database;
  const { text } = textOfLanguage(language);
  const { delimiter, decimalMark } = spreadsheetDialect(language);
  const { column, direction } = LISTING_SORTS[filters.sort];
  const after = direction === "asc" ? ">" : "<";
  const encoder = new TextEncoder();
  const csv = (records: string[][], bom = false) => encoder.encode(spreadsheetCsv(records, { delimiter }, { bom }));
  let last: { key: ExportRow["sort_key"]; id: number } | undefined;

  // Every text cell goes through inertText, not only the title the seller writes: the hub's own
  // words come from translators' catalogues, and a column added later is safe by default.
  const cells = (row: ExportRow): Record<ListingFileColumn, string> => ({
    listingNumber: String(row.id),
    epid: inertText(row.epid),
    title: inertText(row.title),
    condition: inertText(conditionLabel(row.condition, text)),
    status: inertText(statusLabel(row.status, text)),
    price: plainAmount(row.price, minorUnitsPerMajor(row.currency), decimalMark),
    currency: inertText(row.currency),
    quantity: String(row.quantity),
    sold: String(row.sold),
    priceVersion: String(row.price_version),
    quantityVersion: String(row.quantity_version),
  });

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(csv([LISTING_FILE_COLUMNS.map((name) => text(COLUMN_HEADINGS[name]))], true));
      },
      async pull(controller) {
        const from = last;
        const rows: ExportRow[] = await matchingListings(db, sellerId, filters)
          .select([
            "id",
            "epid",
            "title",
            "condition",
            "status",
            "price",
            "currency",
            "quantity",
            "sold",
            "price_version",
            "quantity_version",
          ])
          .select(`${column} as sort_key`)
          // After the last row: (sort value, id) beyond its own, as one row comparison.
          .$if(from !== undefined, (query) =>
            query.where((eb) => eb(eb.refTuple(column, "id"), after, eb.tuple(from?.key as never, from?.id as number))),
          )
          .orderBy(column, direction)
          .orderBy("id", direction)
          .limit(EXPORT_BATCH)
          .execute();
        if (rows.length > 0) {
          controller.enqueue(csv(rows.map((row) => LISTING_FILE_COLUMNS.map((name) => cells(row)[name]))));
          const end = rows.at(-1) as ExportRow;
          last = { key: end.sort_key, id: end.id };
        }
        if (rows.length < EXPORT_BATCH) controller.close();
      },
    },
    // One batch ahead at most.
    { highWaterMark: 1 },
  );
}

interface ExportRow {
  id: number;
  epid: string;
  title: string;
  condition: string;
  status: string;
  price: number;
  currency: string;
  quantity: number;
  sold: number;
  price_version: number;
  quantity_version: number;
  // The sort's column: created_at, price, or folded_title (never null: the database keeps it).
  sort_key: string | number | null;
}

/** The file's name: the seller's listings on the day of the export, in UTC. */
export function exportFileName(now: Date): string {
  return `listings-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export as the browser downloads it: never cached, since it is the seller's own data. */
export function listingsExportResponse(stream: ReadableStream<Uint8Array>, now: Date): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
