import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, ownerOf, testListing } from "../../test/listings";
import {
  applyPriceChange,
  changeListing,
  findPriceChange,
  findPriceChangeItems,
  previewFileChanges,
  undoPriceChange,
} from "~/listing-changes/price-changes.server";
import type { Database } from "~/db/database.server";
import type { NewListing } from "~/db/schema";
import { insertListings } from "~/db/seed.server";
import { MAX_SELECTION } from "~/listing-changes/listing-selection.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { SELLER_LANGUAGES, type Language } from "~/i18n/languages";
import { parseListingFilters } from "~/listings/listing-filters";
import { listingsCsv } from "./listing-export.server";
import {
  importListingFile,
  MAX_FILE_BYTES,
  MAX_FILE_ROWS,
  PROBLEMS_SHOWN,
  readListingFile,
  type FileReading,
} from "./listing-import.server";

const english = textOfLanguage("en-US").text;
const encoder = new TextEncoder();

async function exportOf(database: Database, seller: number, language: Language = "en-US"): Promise<Uint8Array> {
  const stream = listingsCsv(database, seller, parseListingFilters(new URLSearchParams()), language);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A file as a seller's spreadsheet saves it: records joined by CR LF, the given delimiter. */
const csv = (records: string[][], delimiter = ",") =>
  encoder.encode(stringify(records, { delimiter, record_delimiter: "windows" }));

const takenOf = (reading: FileReading) => {
  if (!reading.ok) throw new Error(`The file was refused: ${reading.reason} ${JSON.stringify(reading.problems)}`);
  return reading;
};

/** The new prices of a file the hub took, by listing number. */
const newPricesOf = (reading: FileReading): Map<number, number> =>
  new Map([...takenOf(reading).changes].flatMap(([id, { price }]) => (price ? [[id, price.value] as const] : [])));

/** The new quantities of a file the hub took, by listing number. */
const newQuantitiesOf = (reading: FileReading): Map<number, number> =>
  new Map(
    [...takenOf(reading).changes].flatMap(([id, { quantity }]) => (quantity ? [[id, quantity.value] as const] : [])),
  );

const refusalOf = (reading: FileReading) => {
  if (reading.ok) throw new Error(`The file was taken: ${JSON.stringify([...reading.changes])}`);
  return reading;
};

describe.each(TEST_DIALECTS)("importing a listings file on $name", (dialect) => {
  let database: Database;
  let seller: number;
  let other: number;
  let ids: {
    dollars: number;
    yen: number;
    dinars: number;
    euros: number;
    ended: number;
    odd: number;
    spare: number;
    free: number;
    theirs: number;
  };
  const read = (bytes: Uint8Array, text = english) =>
    readListingFile(database.db, { sellerId: seller, locale: "en-US" }, bytes, text);
  const listingOf = (id: number) =>
    database.db.selectFrom("listing").select(["price", "price_version"]).where("id", "=", id).executeTakeFirstOrThrow();
  const priceOf = async (id: number) => (await listingOf(id)).price;
  const versionOf = async (id: number) => (await listingOf(id)).price_version;

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "importer");
    other = await insertSeller(database.db, "someone-else");
    const add = async (owner: number, fields: Partial<NewListing>) =>
      (
        await database.db
          .insertInto("listing")
          .values(testListing(owner, fields))
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    ids = {
      dollars: await add(seller, {
        title: 'Thé vert, 100 g — «Grüner» "Tee"\nzweite Zeile',
        price: 1_234,
        quantity: 7,
      }),
      yen: await add(seller, {
        title: '=HYPERLINK("https://example.com")',
        price: 1_500,
        currency: "JPY",
        quantity: 1,
      }),
      dinars: await add(seller, { title: "Dinar lamp; brass", price: 12_345, currency: "KWD", quantity: 2 }),
      euros: await add(seller, { title: "-5 % off", price: 999, currency: "EUR", quantity: 3 }),
      ended: await add(seller, { title: "Ended lamp", price: 2_000, status: "ended", quantity: 0 }),
      odd: await add(seller, { title: "ガラスのランプ ‮עברית", price: 9_007, quantity: 4 }),
      spare: await add(seller, { title: "@spare", price: 100, quantity: 9 }),
      // A price of 0 is stored (the hub refuses to set one, not to hold one): its row is no change.
      free: await add(seller, { title: "Free lamp", price: 0, quantity: 1 }),
      theirs: await add(other, { title: "Not yours", price: 999 }),
    };
  });
  afterAll(() => database.close());

  it.each(SELLER_LANGUAGES)("takes its own export in %s back unedited, and changes nothing", async (language) => {
    const reading = await read(await exportOf(database, seller, language));
    expect(newPricesOf(reading)).toEqual(new Map());
  });

  it("takes the export with prices edited, in each currency's decimals, previews exactly them, applies and undoes", async () => {
    const { dollars, yen, dinars } = ids;
    // Edited as a spreadsheet would: the price cells of three rows.
    const rows = parse(Buffer.from(await exportOf(database, seller)), { bom: true }) as string[][];
    const priceAt = rows[0]!.indexOf("Price");
    for (const row of rows.slice(1)) {
      if (row[0] === String(dollars)) row[priceAt] = "15.5";
      if (row[0] === String(yen)) row[priceAt] = "1600";
      if (row[0] === String(dinars)) row[priceAt] = "12.5";
    }
    const reading = await read(csv(rows));
    expect(newPricesOf(reading)).toEqual(
      new Map([
        [dollars, 1_550],
        [yen, 1_600],
        [dinars, 12_500],
      ]),
    );
    const changeId = await previewFileChanges(database.db, seller, takenOf(reading).changes);
    const items = await findPriceChangeItems(database.db, seller, changeId, { offset: 0, limit: 10 });
    expect(items.map(({ listingId, oldValue, newValue }) => [listingId, oldValue, newValue])).toEqual([
      [dollars, 1_234, 1_550],
      [yen, 1_500, 1_600],
      [dinars, 12_345, 12_500],
    ]);
    const { summary } = await applyPriceChange(database, await ownerOf(database, seller), changeId);
    expect(summary).toMatchObject({ applied: 3, conflicts: 0 });
    await undoPriceChange(database, await ownerOf(database, seller), changeId);
    expect((await findPriceChange(database.db, seller, changeId))?.restored).toBe(3);
    expect(newPricesOf(await read(await exportOf(database, seller)))).toEqual(new Map());
  });

  it("takes the export with quantities edited beside a price, as one change, and undoes both", async () => {
    const { dollars, euros, ended } = ids;
    const rows = parse(Buffer.from(await exportOf(database, seller)), { bom: true }) as string[][];
    const [priceAt, quantityAt] = [rows[0]!.indexOf("Price"), rows[0]!.indexOf("Quantity")];
    for (const row of rows.slice(1)) {
      if (row[0] === String(dollars)) [row[priceAt], row[quantityAt]] = ["13.00", "0"];
      if (row[0] === String(euros)) row[quantityAt] = " 12 ";
      // An ended listing's quantity is read, and the preview says it cannot change.
      if (row[0] === String(ended)) row[quantityAt] = "5";
    }
    const reading = await read(csv(rows));
    expect(newPricesOf(reading)).toEqual(new Map([[dollars, 1_300]]));
    expect(newQuantitiesOf(reading)).toEqual(
      new Map([
        [dollars, 0],
        [euros, 12],
        [ended, 5],
      ]),
    );
    const changeId = await previewFileChanges(database.db, seller, takenOf(reading).changes);
    const preview = await findPriceChange(database.db, seller, changeId);
    expect(preview).toMatchObject({
      fields: ["price", "quantity"],
      changing: 2,
      problems: [{ field: "quantity", problem: "ended", listings: 1 }],
    });
    const { summary } = await applyPriceChange(database, await ownerOf(database, seller), changeId);
    expect(summary).toMatchObject({ applied: 2, conflicts: 0 });
    const quantities = async () =>
      (
        await database.db
          .selectFrom("listing")
          .select(["id", "quantity"])
          .where("id", "in", [dollars, euros, ended])
          .orderBy("id")
          .execute()
      ).map((row) => row.quantity);
    expect(await quantities()).toEqual([0, 12, 0]);
    expect(await priceOf(dollars)).toBe(1_300);
    // The export now holds what was applied: taken back unedited, it changes nothing.
    expect(takenOf(await read(await exportOf(database, seller))).changes.size).toBe(0);
    await undoPriceChange(database, await ownerOf(database, seller), changeId);
    expect(await quantities()).toEqual([7, 3, 0]);
    expect(await priceOf(dollars)).toBe(1_234);
  });

  it("takes a file of two columns, listing number and quantity", async () => {
    const reading = await read(
      csv([
        ["Listing number", "Quantity"],
        [String(ids.odd), "40"],
        [String(ids.spare), ""],
      ]),
    );
    expect(newQuantitiesOf(reading)).toEqual(new Map([[ids.odd, 40]]));
    expect(newPricesOf(reading)).toEqual(new Map());
  });

  it("refuses a quantity changed in the hub since the file was exported, or a version that is not one", async () => {
    const [headings, ...rows] = parse(Buffer.from(await exportOf(database, seller)), { bom: true }) as [
      string[],
      ...string[][],
    ];
    const at = (name: string) => headings.indexOf(name);
    // Since the export, the yen listing's quantity was changed on its page.
    await changeListing(database, await ownerOf(database, seller), ids.yen, { quantity: { value: 4, seenVersion: 0 } });
    const edited = rows.map((row) => [...row]);
    const rowOf = (id: number) => edited.find((row) => row[0] === String(id)) as string[];
    rowOf(ids.yen)[at("Quantity")] = "9";
    rowOf(ids.spare)[at("Quantity")] = "10";
    rowOf(ids.spare)[at("Quantity version")] = "v2";
    const reading = refusalOf(await read(csv([headings, ...edited])));
    const rowNumber = (id: number) => edited.indexOf(rowOf(id)) + 2;
    expect(reading.problems).toEqual(
      [
        {
          row: rowNumber(ids.yen),
          reason:
            "The listing’s quantity was changed in the hub after this file was exported; it is now 4. Export again, or delete the row.",
        },
        { row: rowNumber(ids.spare), reason: "“v2” is not a quantity version: leave the column as exported." },
      ].sort((a, b) => a.row - b.row),
    );
    // Left as exported, the yen row's old quantity would set the new one back: refused the same.
    rowOf(ids.yen)[at("Quantity")] = "1";
    rowOf(ids.spare)[at("Quantity version")] = "0";
    expect(refusalOf(await read(csv([headings, ...edited]))).problems).toHaveLength(1);
  });

  it("takes a European spreadsheet's file: semicolons, decimal commas, quoted fields, a byte order mark, German headings", async () => {
    const bytes = encoder.encode(
      `\uFEFFAngebotsnummer;Titel;Preis;Währung\r\n${ids.euros};"Lampe; ""alt""";"12,50";EUR\r\n${ids.dinars};x;12,346;kwd\r\n`,
    );
    expect(newPricesOf(await read(bytes))).toEqual(
      new Map([
        [ids.euros, 1_250],
        [ids.dinars, 12_346],
      ]),
    );
  });

  it("leaves a row's empty price as it is, and takes a file of two columns", async () => {
    expect(
      newPricesOf(
        await read(
          csv([
            ["Listing number", "Price"],
            [String(ids.dollars), ""],
            [String(ids.yen), "1501"],
          ]),
        ),
      ),
    ).toEqual(new Map([[ids.yen, 1_501]]));
  });

  it("refuses every bad row with its row as the spreadsheet numbers it, and its reason", async () => {
    const reading = refusalOf(
      await read(
        csv([
          ["Listing number", "Title", "Price", "Currency", "Quantity"],
          [String(ids.theirs), "", "5", "USD", ""], // row 2
          ["99999999", "", "5", "USD", ""], // 3
          ["lamp", "", "5", "USD", ""], // 4
          [String(ids.dollars), "a\nb", "1e20", "USD", ""], // 5: one row, two lines
          [String(ids.yen), "", "12.5", "JPY", ""], // 6
          [String(ids.euros), "", "12.50", "USD", ""], // 7
          [String(ids.dinars), "", "12.5", "KWD", "− 1"], // 8: a minus sign as the hub writes one
          [String(ids.odd), "", "", "", "4.5"], // 9
          [String(ids.ended), "", "", "", "1000000"], // 10
          [String(ids.dollars), "", "1", "", ""], // 11
          [String(ids.spare), "", "1000000", "", ""], // 12
          ["", "", "", "", ""], // 13: a blank row, skipped
        ]),
      ),
    );
    expect(reading.status).toBe(400);
    expect(reading.reason).toBe("11 rows cannot be taken.");
    expect(reading.problems).toEqual([
      { row: 2, reason: `None of your listings has the number ${ids.theirs}.` },
      { row: 3, reason: "None of your listings has the number 99999999." },
      { row: 4, reason: "“lamp” is not a listing number." },
      {
        row: 5,
        reason:
          "“1e20” is not a price in USD: write it like 12.50, with no more decimals than the currency has and no thousands separators.",
      },
      {
        row: 6,
        reason:
          "“12.5” is not a price in JPY: write it like 1250, with no more decimals than the currency has and no thousands separators.",
      },
      { row: 7, reason: "The listing’s currency is EUR, and the row says USD: the hub does not convert prices." },
      { row: 8, reason: "A quantity cannot be negative." },
      { row: 9, reason: "“4.5” is not a whole number of items." },
      { row: 10, reason: "The new quantity would be above the most the hub takes, 999,999." },
      { row: 11, reason: `Listing ${ids.dollars} is on row 5 too: each listing once.` },
      { row: 12, reason: "Enter an amount of $999,999.99 or less." },
    ]);
  });

  it("reads a character outside the BMP whole where the parser's pieces meet", async () => {
    const head = `Listing number,Title,Price,Currency\r\n${ids.dollars},`;
    // The euro banknote's two UTF-16 halves would straddle the first 16 kB piece's end.
    const padding = "x".repeat(16 * 1024 - 1 - head.length - ",12.34,".length);
    const reading = refusalOf(await read(encoder.encode(`${head}${padding},12.34,💶\r\n`)));
    expect(reading.problems).toEqual([
      { row: 2, reason: "The listing’s currency is USD, and the row says 💶: the hub does not convert prices." },
    ]);
  });

  it("refuses a price changed in the hub since the file was exported, a zero price, the other decimal mark, a number past any listing", async () => {
    const exportedBefore = parse(Buffer.from(await exportOf(database, seller)), { bom: true }) as string[][];
    const [headings, ...rows] = exportedBefore as [string[], ...string[][]];
    const at = (name: string) => headings.indexOf(name);
    // Since the export, the dollars listing was repriced in the hub.
    await database.db
      .updateTable("listing")
      .set((eb) => ({ price: 1_300, price_version: eb("price_version", "+", 1) }))
      .where("id", "=", ids.dollars)
      .execute();
    try {
      const edited = rows.map((row) => [...row]);
      const rowOf = (id: number) => edited.find((row) => row[0] === String(id)) as string[];
      // Left as exported: it would set the price back to 12.34; edited: decided on an old price.
      rowOf(ids.dollars)[at("Price")] = "12.34";
      rowOf(ids.odd)[at("Price")] = "0.00";
      rowOf(ids.euros)[at("Price")] = "9,99";
      const reading = refusalOf(
        await read(csv([headings, ...edited, ["3000000000", "", "", "", "", "1", "USD", "", "", "0"]])),
      );
      const rowNumber = (id: number) => edited.indexOf(rowOf(id)) + 2;
      expect(reading.problems).toEqual(
        [
          {
            row: rowNumber(ids.dollars),
            reason:
              "The listing’s price was changed in the hub after this file was exported; it is now $13.00. Export again, or delete the row.",
          },
          { row: rowNumber(ids.odd), reason: "The price must be above zero." },
          {
            row: rowNumber(ids.euros),
            reason:
              "“9,99” is not a price in EUR: write it like 12.50, with no more decimals than the currency has and no thousands separators.",
          },
          { row: edited.length + 2, reason: "None of your listings has the number 3000000000." },
        ].sort((a, b) => a.row - b.row),
      );
      // Without the version column the file is the seller's word, as any other file is.
      const withoutVersion = [headings, ...rows].map((row) => row.slice(0, at("Price version")));
      expect(newPricesOf(await read(csv(withoutVersion)))).toEqual(new Map([[ids.dollars, 1_234]]));
    } finally {
      await database.db.updateTable("listing").set({ price: 1_234 }).where("id", "=", ids.dollars).execute();
    }
  });

  it("refuses a price with no decimal mark over a hundred times the listing's, as a spreadsheet that took the mark for thousands writes it", async () => {
    // 12.345 dinars, opened where "." groups thousands and saved back: 12345.
    const reading = refusalOf(await read(encoder.encode(`Listing number;Price\r\n${ids.dinars};12345\r\n`)));
    expect(reading.problems).toEqual([
      {
        row: 2,
        // Intl writes a no-break space between the code and the amount.
        reason: expect.stringMatching(
          /^“12345” has no decimal mark and is over a hundred times its price now \(KWD\s12\.345\): .* write it with its decimals: 12345,000\.$/,
        ),
      },
    ]);
    // The same price written with its decimals is the seller's word; so is a currency without decimals.
    expect(newPricesOf(await read(encoder.encode(`Listing number;Price\r\n${ids.dinars};12345,000\r\n`)))).toEqual(
      new Map([[ids.dinars, 12_345_000]]),
    );
    expect(newPricesOf(await read(encoder.encode(`Listing number,Price\r\n${ids.yen},150000\r\n`)))).toEqual(
      new Map([[ids.yen, 150_000]]),
    );
    // A whole number up to a hundred times the price is an ordinary change: 12.34 dollars to 99.
    expect(newPricesOf(await read(encoder.encode(`Listing number,Price\r\n${ids.dollars},99\r\n`)))).toEqual(
      new Map([[ids.dollars, 9_900]]),
    );
  });

  it("never sets back a price the hub changed while the file was being checked", async () => {
    const { spare } = ids;
    const reading = await read(
      csv([
        ["Listing number", "Price"],
        [String(spare), "2.00"],
      ]),
    );
    expect(reading.ok).toBe(true);
    // Between the check of the file and its preview (a large file takes seconds to check), the
    // listing is repriced in another tab: the file was decided on a price it no longer has.
    await changeListing(database, await ownerOf(database, seller), spare, {
      price: { value: 150, seenVersion: await versionOf(spare) },
    });
    try {
      const changeId = await previewFileChanges(database.db, seller, takenOf(reading).changes);
      const { summary } = await applyPriceChange(database, await ownerOf(database, seller), changeId);
      expect(summary).toMatchObject({ applied: 0, conflicts: 1 });
      expect(await priceOf(spare)).toBe(150);
    } finally {
      await database.db.updateTable("listing").set({ price: 100 }).where("id", "=", spare).execute();
    }
  });

  it("matches headings however the file's system composed their accents", async () => {
    const nfd = "Numéro d’annonce".normalize("NFD");
    expect(newPricesOf(await read(encoder.encode(`${nfd};Prix\r\n${ids.euros};9,98\r\n`)))).toEqual(
      new Map([[ids.euros, 998]]),
    );
  });

  it("matches a heading typed with a straight apostrophe, as a keyboard types it, to the export's curly one", async () => {
    for (const heading of ["Numéro d'annonce", "Numero dell'inserzione", "numéro d\u02BCannonce"])
      expect(newPricesOf(await read(encoder.encode(`${heading};Prix\r\n${ids.euros};9,97\r\n`)))).toEqual(
        new Map([[ids.euros, 997]]),
      );
  });

  it("counts the reasons past the first hundred rather than listing them all", async () => {
    const rows = Array.from({ length: PROBLEMS_SHOWN + 5 }, (_, index) => [`x${index}`, "1"]);
    const reading = refusalOf(await read(csv([["Listing number", "Price"], ...rows])));
    expect(reading.problems).toHaveLength(PROBLEMS_SHOWN);
    expect(reading.moreProblems).toBe(5);
  });

  it("refuses a file it cannot read, whole, and says what to do", async () => {
    const latin1 = Uint8Array.from([
      ...encoder.encode("Listing number,Title,Price\r\n1,Th"),
      0xe9,
      ...encoder.encode(",5\r\n"),
    ]);
    const utf16 = Uint8Array.from([0xff, 0xfe, ...Buffer.from("Listing number,Price\r\n", "utf16le")]);
    const cases: Array<[string, Uint8Array, number, string]> = [
      ["Windows-1252", latin1, 400, "The file is not UTF-8 text."],
      ["UTF-16", utf16, 400, "The file is not UTF-8 text."],
      ["empty", encoder.encode(" \r\n"), 400, "The file has no rows of listings."],
      ["headings only", encoder.encode("Listing number,Price\r\n"), 400, "The file has no rows of listings."],
      [
        "no headings",
        encoder.encode(`${ids.dollars},12.50\r\n`),
        400,
        "The file’s first row names no “Listing number” column.",
      ],
      [
        "no price",
        encoder.encode(`Listing number,Title\r\n${ids.dollars},x\r\n`),
        400,
        "The file has no “Price” column",
      ],
      [
        "an open quote",
        encoder.encode(`Listing number,Price\r\n${ids.dollars},"12.50\r\n`),
        400,
        "Line 2 of the file opens a quote",
      ],
      [
        "an open quote after blank lines",
        encoder.encode(
          `Listing number,Price\r\n${ids.dollars},12.34\r\n\r\n\r\n${ids.yen},"1500\r\n${ids.euros},1\r\n`,
        ),
        400,
        "Line 5 of the file opens a quote",
      ],
      [
        "an open quote in a cell of several lines' row",
        encoder.encode(`Listing number,Title,Price\r\n${ids.dollars},"two\nlines",12.34\r\n${ids.yen},x,"1500\r\n`),
        400,
        "Line 4 of the file opens a quote",
      ],
      [
        // CR LF inside a quoted cell is one line break, as a spreadsheet shows it (csv-parse counts two).
        "an open quote after a cell of Windows lines, with text beyond ASCII",
        encoder.encode(
          `Listing number,Title,Price\r\n${ids.dollars},"Thé\r\nvert ☕\r\n🍵",12.34\r\n${ids.yen},x,"1500\r\n`,
        ),
        400,
        "Line 5 of the file opens a quote",
      ],
      [
        "too many cells after a cell of Windows lines",
        encoder.encode(`Listing number,Title,Price\r\n${ids.dollars},"Thé\r\nvert",12.34\r\n${ids.yen},x,12,50\r\n`),
        400,
        "Line 4 of the file has more cells than the first row has headings.",
      ],
      [
        "a decimal comma in a file of commas",
        encoder.encode(`Listing number,Price\r\n${ids.dollars},12,50\r\n`),
        400,
        "Line 2 of the file has more cells than the first row has headings.",
      ],
      ["too large", new Uint8Array(MAX_FILE_BYTES + 1), 413, "The file is larger than 10 MB."],
    ];
    for (const [name, bytes, status, reason] of cases) {
      const reading = refusalOf(await read(bytes));
      expect(reading.status, name).toBe(status);
      expect(reading.reason, name).toContain(reason);
    }
  });

  it(`refuses a file of more than ${MAX_FILE_ROWS.toLocaleString("en-US")} rows`, async () => {
    const lines = Array.from({ length: MAX_FILE_ROWS + 1 }, () => `${ids.dollars},`).join("\r\n");
    const reading = refusalOf(await read(encoder.encode(`Listing number,Price\r\n${lines}\r\n`)));
    expect(reading).toMatchObject({ status: 413, problems: [] });
    expect(reading.reason).toContain("more than 50,000 rows");
  });

  it("counts no row whose cells are all empty, which a spreadsheet may save after the last row used", async () => {
    const blank = Array.from({ length: MAX_FILE_ROWS + 1 }, () => ",,").join("\r\n");
    expect(
      newPricesOf(await read(encoder.encode(`Listing number,Price,Title\r\n${ids.euros},9.96,x\r\n${blank}\r\n`))),
    ).toEqual(new Map([[ids.euros, 996]]));
    expect(refusalOf(await read(encoder.encode(`Listing number,Price\r\n,\r\n , \r\n`)))).toMatchObject({
      status: 400,
      reason: "The file has no rows of listings.",
    });
  });

  it("refuses a first row that names a column twice, rather than read one and leave the other", async () => {
    for (const headings of [
      "Listing number,Price,Price",
      "Listing number,Price,Prix",
      "Angebotsnummer,Listing number,Price",
    ]) {
      const reading = refusalOf(await read(encoder.encode(`${headings}\r\n${ids.euros},9.95,9.94\r\n`)));
      expect(reading.status, headings).toBe(400);
      expect(reading.reason, headings).toMatch(/^The first row names the column “(Price|Listing number)” twice/);
    }
    // Two of a column the import does not read are left alone, as that column is.
    expect(
      newPricesOf(await read(encoder.encode(`Listing number,Price,Title,Titre\r\n${ids.euros},9.93,a,b\r\n`))),
    ).toEqual(new Map([[ids.euros, 993]]));
  });

  it(`refuses a file changing more prices than one change takes (${MAX_SELECTION.toLocaleString("en-US")})`, async () => {
    const owner = await insertSeller(database.db, "busy-importer");
    await insertListings(
      database.db,
      Array.from({ length: MAX_SELECTION + 1 }, () => testListing(owner, { price: 1_000 })),
    );
    const listingIds = (
      await database.db.selectFrom("listing").select("id").where("seller_id", "=", owner).execute()
    ).map((row) => row.id);
    const file = csv([["Listing number", "Price"], ...listingIds.map((id) => [String(id), "10.01"])]);
    const reading = refusalOf(await readListingFile(database.db, { sellerId: owner, locale: "en-US" }, file, english));
    expect(reading.reason).toBe(
      "The file changes 10,001 listings, and one change takes up to 10,000. Split it into files that change fewer, and import them one after another.",
    );
    // The same file with one price as it is changes 10,000, and is taken.
    const fewer = csv([
      ["Listing number", "Price"],
      ...listingIds.map((id, index) => [String(id), index ? "10.01" : "10"]),
    ]);
    const taken = await readListingFile(database.db, { sellerId: owner, locale: "en-US" }, fewer, english);
    expect(taken.ok && taken.changes.size).toBe(MAX_SELECTION);
  });

  it("takes any file of valid new prices, and the preview holds exactly them", async () => {
    const owner = await insertSeller(database.db, `property-importer-${Math.random()}`);
    const currencies = ["USD", "JPY", "KWD"] as const;
    const listingIds: number[] = [];
    for (const [index, currency] of [...currencies, ...currencies].entries())
      listingIds.push(
        (
          await database.db
            .insertInto("listing")
            .values(testListing(owner, { price: 1_000 + index, currency }))
            .returning(["id"])
            .executeTakeFirstOrThrow()
        ).id,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer({ min: 1, max: 99_999_999 }), { nil: undefined }), {
          minLength: listingIds.length,
          maxLength: listingIds.length,
        }),
        fc.constantFrom(",", ";"),
        async (newPrices, delimiter) => {
          const decimalMark = delimiter === ";" ? "," : ".";
          const records = listingIds.map((id, index) => {
            const currency = currencies[index % 3] as string;
            const price = newPrices[index];
            const digits = currency === "USD" ? 2 : currency === "KWD" ? 3 : 0;
            const cell =
              price === undefined
                ? ""
                : digits === 0
                  ? String(price)
                  : `${Math.floor(price / 10 ** digits)}${decimalMark}${String(price % 10 ** digits).padStart(digits, "0")}`;
            return [String(id), cell, currency];
          });
          const reading = await readListingFile(
            database.db,
            { sellerId: owner, locale: "en-US" },
            csv([["Listing number", "Price", "Currency"], ...records], delimiter),
            english,
          );
          const expected = new Map(
            listingIds.flatMap((id, index) => {
              const price = newPrices[index];
              return price === undefined || price === 1_000 + index ? [] : [[id, price] as const];
            }),
          );
          expect(newPricesOf(reading)).toEqual(expected);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe("the import page's form", () => {
  it("says a file sent without a Content-Length is too large as it says a declared one is, not with a bare 413", async () => {
    const piece = new Uint8Array(1024 * 1024).fill(0x31);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(piece);
        else controller.close();
      },
    });
    const request = new Request("http://hub.test/sh/lst/import", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    // Refused before the form is read whole, so before the token is checked or the database asked.
    const answer = await importListingFile(
      request,
      {} as Database,
      {} as Parameters<typeof importListingFile>[2],
      english,
      "en-US",
    );
    expect(answer).toEqual({
      outcome: "refused",
      status: 413,
      reason: "The file is larger than 10 MB. Split it into smaller files.",
      problems: [],
      moreProblems: 0,
    });
  });
});
