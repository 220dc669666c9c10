import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, testListing } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { insertListings } from "~/db/seed.server";
import type { Language } from "~/i18n/languages";
import { parseListingFilters } from "~/listings/listing-filters";
import { findListingsPage } from "~/listings/listings.server";
import { EXPORT_BATCH, exportFileName, listingsCsv, listingsExportResponse } from "./listing-export.server";

const filters = (query: string) => parseListingFilters(new URLSearchParams(query));

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The file as a spreadsheet reads it: a BOM, then records in the language's delimiter. */
async function exported(
  database: Database,
  seller: number,
  query: string,
  language: Language = "en-US",
): Promise<string[][]> {
  const bytes = await bytesOf(listingsCsv(database, seller, filters(query), language));
  expect([...bytes.slice(0, 3)], "a UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
  return parse(Buffer.from(bytes), { bom: true, delimiter: language === "en-US" ? "," : ";" }) as string[][];
}

describe.each(TEST_DIALECTS)("exporting listings on $name", (dialect) => {
  let database: Database;
  let busy: number;
  let small: number;
  // More than two batches, with many listings at each price and date, so that a batch's edge falls between equals.
  const many = EXPORT_BATCH * 2 + 345;

  beforeAll(async () => {
    database = await dialect.open();
    busy = await insertSeller(database.db, "busy-exporter");
    small = await insertSeller(database.db, "small-exporter");
    const other = await insertSeller(database.db, "someone-else");
    const start = Date.UTC(2026, 0, 1);
    await insertListings(
      database.db,
      Array.from({ length: many }, (_, index) =>
        testListing(busy, {
          title: `Lamp ${String(index % 50).padStart(2, "0")}`,
          price: 1_000 + (index % 7) * 100,
          created_at: start + (index % 13) * 60_000,
          status: index % 10 === 0 ? "ended" : "active",
        }),
      ),
    );
    await insertListings(database.db, [
      testListing(small, {
        title: 'Thé vert, 100 g — «Grüner» "Tee"\nzweite Zeile',
        price: 1_234,
        currency: "USD",
        quantity: 7,
        sold: 2,
        epid: "12345678901234567890",
        condition: "used",
      }),
      testListing(small, { title: '=HYPERLINK("https://example.com")', price: 1_500, currency: "JPY" }),
      testListing(small, { title: "Dinar lamp", price: 12_345, currency: "KWD" }),
      testListing(small, { title: "-5 % off", price: 0, currency: "EUR" }),
      testListing(other, { title: "Not yours", price: 999 }),
    ]);
  });
  afterAll(() => database.close());

  it.each(["newest", "oldest", "price_asc", "price_desc", "title_asc", "title_desc"])(
    "writes every matching listing once, in the page's order (%s), across batches",
    async (sort) => {
      const rows = await exported(database, busy, `sort=${sort}`);
      expect(rows[0]).toEqual([
        "Listing number",
        "ePID",
        "Title",
        "Condition",
        "Status",
        "Price",
        "Currency",
        "Quantity",
        "Sold",
        "Price version",
        "Quantity version",
      ]);
      const numbers = rows.slice(1).map((row) => Number(row[0]));
      expect(numbers).toHaveLength(many);
      expect(new Set(numbers).size).toBe(many);
      // The first and the last page of the listings page hold the same listings, in the same order.
      const first = await findListingsPage(database, busy, filters(`sort=${sort}&limit=100`));
      expect(numbers.slice(0, 100)).toEqual(first.listings.map((listing) => listing.id));
      const last = await findListingsPage(database, busy, filters(`sort=${sort}&limit=100&offset=${many - 45}`));
      expect(numbers.slice(-45)).toEqual(last.listings.map((listing) => listing.id));
    },
  );

  it("fails the download, never ends the file as if whole, when the database fails after a batch", async () => {
    // The second batch's query fails (a lost connection): the stream errors, so the server cuts
    // the response short (server/index.ts destroys it) and the browser says the download failed.
    let queries = 0;
    const failing = database.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        if (++queries > 1) throw new Error("Connection lost");
        return result;
      },
    });
    const reader = listingsCsv({ ...database, db: failing }, busy, filters("sort=newest"), "en-US").getReader();
    const headings = await reader.read();
    const firstBatch = await reader.read();
    expect(headings.done || firstBatch.done).toBe(false);
    await expect(reader.read()).rejects.toThrow("Connection lost");
  });

  it("writes only the listings the filters match", async () => {
    const rows = await exported(database, busy, "status=ended&limit=10&offset=20");
    expect(rows).toHaveLength(1 + Math.ceil(many / 10));
    expect(new Set(rows.slice(1).map((row) => row[4]))).toEqual(new Set(["Ended"]));
  });

  it("writes the seller's own listings only, and the text, numbers and currencies as stored", async () => {
    const rows = await exported(database, small, "sort=oldest");
    expect(rows.slice(1)).toEqual([
      [
        expect.any(String),
        "12345678901234567890",
        'Thé vert, 100 g — «Grüner» "Tee"\nzweite Zeile',
        "Used",
        "Active",
        "12.34",
        "USD",
        "7",
        "2",
        "0",
        "0",
      ],
      // A title a spreadsheet would run as a formula is text.
      [
        expect.any(String),
        "1000000001",
        '\'=HYPERLINK("https://example.com")',
        "New",
        "Active",
        "1500",
        "JPY",
        "1",
        "0",
        "0",
        "0",
      ],
      [expect.any(String), "1000000001", "Dinar lamp", "New", "Active", "12.345", "KWD", "1", "0", "0", "0"],
      [expect.any(String), "1000000001", "'-5 % off", "New", "Active", "0.00", "EUR", "1", "0", "0", "0"],
    ]);
  });

  it("writes a European spreadsheet's file in its language: semicolons and decimal commas", async () => {
    const bytes = await bytesOf(listingsCsv(database, small, filters("sort=oldest"), "de-DE"));
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe(
      "Angebotsnummer;ePID;Titel;Artikelzustand;Status;Preis;Währung;Menge;Verkauft;Preisversion;Mengenversion",
    );
    const rows = parse(Buffer.from(bytes), { bom: true, delimiter: ";" }) as string[][];
    expect(rows.slice(1).map((row) => [row[3], row[5], row[6]])).toEqual([
      ["Gebraucht", "12,34", "USD"],
      ["Neu", "1500", "JPY"],
      ["Neu", "12,345", "KWD"],
      ["Neu", "0,00", "EUR"],
    ]);
    expect(text.endsWith("\r\n")).toBe(true);
  });

  it("quotes a title holding a bare line break, which a spreadsheet would take for the end of the row", async () => {
    // Unquoted, "Lamp" ended the row and "=1+1" began one of its own, run as a formula: the
    // apostrophe that makes a title inert only guards its first character.
    const seller = await insertSeller(database.db, "line-breaks");
    await insertListings(database.db, [
      testListing(seller, { title: "Lamp\n=1+1", price: 1_000 }),
      testListing(seller, { title: "Lamp\r@SUM(A1:A9)", price: 2_000 }),
    ]);
    const bytes = await bytesOf(listingsCsv(database, seller, filters("sort=price_asc"), "de-DE"));
    // As a spreadsheet reads it: a row ends at CR LF, LF or CR alike, unless inside quotes.
    const rows = parse(Buffer.from(bytes), {
      bom: true,
      delimiter: ";",
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as string[][];
    expect(rows.slice(1).map((row) => [row[2], row[5]])).toEqual([
      ["Lamp\n=1+1", "10,00"],
      ["Lamp\r@SUM(A1:A9)", "20,00"],
    ]);
  });

  it("writes a seller with no listing a file of the headings alone", async () => {
    const nobody = await insertSeller(database.db, "no-listings");
    expect(await exported(database, nobody, "")).toHaveLength(1);
  });
});

describe("the download", () => {
  it("is a CSV attachment named for the day, never cached", () => {
    const response = listingsExportResponse(new ReadableStream(), new Date("2026-11-24T23:30:00Z"));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="listings-2026-11-24.csv"');
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(exportFileName(new Date("2026-01-02T00:00:00Z"))).toBe("listings-2026-01-02.csv");
  });
});
