import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { appearanceOfMember, COLOR_SCHEMES } from "./appearance";
import { chooseAppearance } from "./appearance.server";

describe.each(TEST_DIALECTS)("choosing an appearance, on $name", (dialect) => {
  let database: Database;
  let member: number;
  const stored = async () =>
    database.db.selectFrom("member").select("appearance").where("id", "=", member).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await dialect.open();
    ({ memberId: member } = await insertAccount(database.db, "night-owl"));
  });
  afterAll(() => database.close());

  it("follows the system until the seller chooses, then keeps their choice", async () => {
    expect(appearanceOfMember(await stored())).toBe("system");
    expect(await chooseAppearance(database.db, member, "dark")).toEqual({ chosen: true });
    expect(appearanceOfMember(await stored())).toBe("dark");
    // Back to the system's: stored as no choice at all.
    expect(await chooseAppearance(database.db, member, "system")).toEqual({ chosen: true });
    expect((await stored()).appearance).toBeNull();
  });

  it("refuses any other value and stores nothing", async () => {
    await chooseAppearance(database.db, member, "light");
    for (const value of ["Dark", "sepia", "", "x".repeat(10_000), "dark ", null, 1e20, ["dark"], { dark: true }])
      expect(await chooseAppearance(database.db, member, value)).toEqual({ chosen: false });
    expect((await stored()).appearance).toBe("light");
  });
});

describe("an appearance's colour scheme", () => {
  it("lets the browser choose for the system's, and names the one chosen otherwise", () => {
    expect(COLOR_SCHEMES).toEqual({ system: "light dark", light: "light", dark: "dark" });
    // A stored value no longer offered falls back to the system's.
    expect(appearanceOfMember({ appearance: "sepia" })).toBe("system");
  });
});
