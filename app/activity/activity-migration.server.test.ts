import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount, testListing } from "../../test/listings";
import { migrate } from "~/db/database.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { findListingHistory } from "~/listing-changes/price-changes.server";

describe.each(TEST_DIALECTS)("migration 0028 on $name", (dialect) => {
  it("names each account's owner as who applied and undid the changes made before it (a preview no one), and the log starts empty", async () => {
    const database = await dialect.open("0027-invitations");
    try {
      const owner = await insertAccount(database.db, "früher");
      const listing = await database.db
        .insertInto("listing")
        .values(testListing(owner.sellerId, { price: 1000 }))
        .returning("id")
        .executeTakeFirstOrThrow();
      const change = (id: string, state: "applied" | "undone" | "previewed") => ({
        id,
        seller_id: owner.sellerId,
        kind: "raise_amount",
        amount: 100,
        ending: null,
        state,
        created_at: 1_000,
        applied_at: state === "previewed" ? null : 2_000,
        undone_at: state === "undone" ? 3_000 : null,
      });
      // The table as it was: no member columns yet.
      await database.db
        .insertInto("listing_change" as never)
        .values([change("undone-before", "undone"), change("previewed-before", "previewed")] as never)
        .execute();
      await database.db
        .insertInto("listing_change_item")
        .values({
          change_id: "undone-before",
          listing_id: listing.id,
          field: "price",
          old_value: 900,
          old_version: 0,
          new_value: 1000,
          problem: null,
          outcome: "applied",
          undo_outcome: "restored",
        })
        .execute();

      await migrate(database);

      const changes = await database.db
        .selectFrom("listing_change")
        .select(["id", "member_id", "undone_by"])
        .orderBy("id", "desc")
        .execute();
      expect(changes).toEqual([
        { id: "undone-before", member_id: owner.memberId, undone_by: owner.memberId },
        { id: "previewed-before", member_id: null, undone_by: null },
      ]);
      const history = await findListingHistory(
        database.db,
        { sellerId: owner.sellerId, locale: "en-US" },
        listing.id,
        textOfLanguage("en-US").text,
      );
      expect(history.map((entry) => [entry.undo, entry.who])).toEqual([
        [true, "früher"],
        [false, "früher"],
      ]);
      expect(await database.db.selectFrom("activity").selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
