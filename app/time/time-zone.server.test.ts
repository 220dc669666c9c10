import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { chooseTimeZone, timeZoneLabel, timeZoneOptions } from "./time-zone.server";
import { HUB_TIME_ZONES, timeZoneOfMember } from "./time-zones";

describe.each(TEST_DIALECTS)("choosing a time zone, on $name", (dialect) => {
  let database: Database;
  let member: number;
  const stored = async () =>
    database.db
      .selectFrom("member")
      .innerJoin("seller", "seller.id", "member.seller_id")
      .select(["member.time_zone", "seller.locale"])
      .where("member.id", "=", member)
      .executeTakeFirstOrThrow();

  const zoneStored = async () => {
    const row = await stored();
    return timeZoneOfMember(row, row);
  };

  beforeAll(async () => {
    database = await dialect.open();
    ({ memberId: member } = await insertAccount(database.db, "zoned"));
  });
  afterAll(() => database.close());

  it("stores a zone offered, and the seller reads times in it from then on", async () => {
    expect(await zoneStored()).toBe("America/Los_Angeles");
    expect(await chooseTimeZone(database.db, member, "Europe/Berlin")).toEqual({ chosen: true });
    expect(await zoneStored()).toBe("Europe/Berlin");
  });

  it("refuses any other value and stores nothing", async () => {
    for (const value of ["Mars/Olympus_Mons", "europe/berlin", "", "x".repeat(10_000), null, 1e20, ["UTC"]])
      expect(await chooseTimeZone(database.db, member, value)).toEqual({ chosen: false });
    expect((await stored()).time_zone).toBe("Europe/Berlin");
  });
});

describe("the zones offered", () => {
  it("names each zone in the seller's language, with its city", () => {
    expect(timeZoneLabel("America/New_York", "en-US")).toBe("Eastern Time (New York)");
    expect(timeZoneLabel("Europe/Paris", "fr-FR")).toBe("heure d’Europe centrale (Paris)");
    expect(timeZoneLabel("Europe/Berlin", "de-DE")).toBe("Mitteleuropäische Zeit (Berlin)");
    expect(timeZoneLabel("UTC", "de-DE")).toBe("UTC");
  });

  it("offers every hub zone, in order, each named", () => {
    const options = timeZoneOptions("it-IT");
    expect(options.map(({ value }) => value)).toEqual(HUB_TIME_ZONES);
    expect(options.find(({ value }) => value === "Europe/Rome")?.label).toBe("Ora dell’Europa centrale (Rome)");
  });
});
