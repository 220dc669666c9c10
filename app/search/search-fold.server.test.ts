import * as fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import type { Database } from "~/db/database.server";
import { searchFold } from "./search-fold";

/**
 * The database folds titles (`search_fold`, migration 0019) and the search folds the seller's
 * text (`searchFold`): on PostgreSQL they are two implementations, which must agree, or a title
 * is not found by its own words. The letters sellers on the hub's sites write, with their marks
 * typed whole and apart, ß, ẞ, Greek's Σ/σ/ς, Turkish İ, ligatures and letters of their own.
 */
const LETTERS = [
  ..."aAeEiIoOuUyYcCnNsSzZ",
  ..."éÉèÈêÊëËàÀâÂäÄåÅãÃçÇñÑöÖøØõÕüÜúÚùÙûÛíÍìÌîÎïÏóÓòÒôÔýÿŸłŁæÆœŒðÐþÞ",
  ..."ßẞİıǅǄǆ",
  ..."ΑαΆάΣσςΩωΏώΪϊΐ",
  ..."ЁёЙйЖжЩщ",
  "\u0300",
  "\u0301",
  "\u0308",
  "\u030A",
  "\u0327",
  ..."ガカ\u3099",
  " ",
  "-",
  "1",
];

describe.each(TEST_DIALECTS)("search_fold on $name", (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await dialect.open();
  }, 60_000);
  afterAll(() => database.close());

  it("folds every text as searchFold does", async () => {
    const inDatabase = async (text: string) =>
      (await sql<{ folded: string }>`select search_fold(${text}) as folded`.execute(database.db)).rows[0]?.folded;
    for (const text of ["Écran", "Straße", "STRAẞE", "ΟΔΟΣ", "Ёлка", "İstanbul", "ガラス", "ǅemal"])
      expect(await inDatabase(text), text).toBe(searchFold(text));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...LETTERS), { maxLength: 12 }).map((letters) => letters.join("")),
        async (text) => {
          expect(await inDatabase(text), JSON.stringify(text)).toBe(searchFold(text));
        },
      ),
      { numRuns: 300 },
    );
  });
});
