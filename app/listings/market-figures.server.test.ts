import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, testListing } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { insertListings } from "~/db/seed.server";
import { findMarketFigures } from "./market-figures.server";

const EPID = "5550001111";

describe.each(TEST_DIALECTS)("market figures on $name", (dialect) => {
  let database: Database;

  beforeAll(async () => {
    database = await dialect.open();
    const [first, second] = [await insertSeller(database.db, "first"), await insertSeller(database.db, "second")];
    const at = (sellerId: number, condition: string, price: number, fields = {}) =>
      testListing(sellerId, { epid: EPID, condition, price, ...fields });
    await insertListings(database.db, [
      // Used: three active listings across two sellers, odd count.
      at(first, "used", 30_000),
      at(second, "used", 10_000),
      at(second, "used", 20_000),
      // New: four, even count: the median is the mean of the middle two.
      at(first, "new", 50_000),
      at(first, "new", 40_000),
      at(second, "new", 45_001),
      at(second, "new", 70_000),
      // Not the market: ended, scheduled, out of stock, another currency, another product.
      at(first, "used", 1, { status: "ended" }),
      at(first, "used", 2, { status: "scheduled" }),
      at(first, "used", 3, { status: "out_of_stock" }),
      at(first, "used", 4, { currency: "EUR" }),
      testListing(first, { epid: "9999999999", condition: "used", price: 5 }),
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it("counts active listings in the currency by condition, with lowest, median and highest price", async () => {
    const figures = await findMarketFigures(database.db, EPID, "USD");
    expect(figures.byCondition).toEqual([
      { condition: "new", listings: 4, lowest: 40_000, median: 47_501, highest: 70_000 },
      { condition: "used", listings: 3, lowest: 10_000, median: 20_000, highest: 30_000 },
    ]);
  });

  it("sums every condition into overall figures", async () => {
    const { overall } = await findMarketFigures(database.db, EPID, "USD");
    expect(overall).toEqual({ listings: 7, lowest: 10_000, median: 40_000, highest: 70_000 });
  });

  it("keeps currencies apart", async () => {
    const { byCondition, overall } = await findMarketFigures(database.db, EPID, "EUR");
    expect(byCondition).toEqual([{ condition: "used", listings: 1, lowest: 4, median: 4, highest: 4 }]);
    expect(overall?.listings).toBe(1);
  });

  it("says nobody lists a product no one lists", async () => {
    expect(await findMarketFigures(database.db, "0000000000", "USD")).toEqual({
      epid: "0000000000",
      currency: "USD",
      byCondition: [],
      overall: null,
    });
  });
});
