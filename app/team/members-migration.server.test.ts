import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { findMemberByCredentials } from "~/auth/sign-in.server";
import { findSignedInSeller } from "~/auth/session.server";
import { hashPassword } from "~/auth/password.server";
import { migrate } from "~/db/database.server";

describe.each(TEST_DIALECTS)("migration 0026 on $name", (dialect) => {
  it("makes each seller's owner from the seller's own columns: the password, the choices and open sessions go on working", async () => {
    const database = await dialect.open("0025-listing-changes");
    try {
      const hash = await hashPassword("ünïcödé-pässwörd");
      const { rows } = await sql<{ id: number }>`insert into seller
          (username, display_name, password_hash, feedback_score, store_url, site, locale, currency,
           created_at, language, time_zone, appearance)
        values ('zoë', 'Zoë’s Lámps', ${hash}, 12, 'https://stores.example.com/zoe', 'EBAY_DE', 'de-DE', 'EUR',
           1, 'fr-FR', 'Europe/Paris', 'dark')
        returning id`.execute(database.db);
      const sellerId = (rows[0] as { id: number }).id;
      const token = "a-session-token-from-before-the-migration";
      const { createHash } = await import("node:crypto");
      await sql`insert into session (id, seller_id, srt, created_at, expires_at, last_seen_at)
        values (${createHash("sha256").update(token).digest("base64url")}, ${sellerId}, 'srt', ${Date.now()},
          ${Date.now() + 60_000}, ${Date.now()})`.execute(database.db);

      await migrate(database);

      expect(await database.db.selectFrom("member").selectAll().execute()).toEqual([
        expect.objectContaining({
          seller_id: sellerId,
          username: "zoë",
          display_name: "Zoë’s Lámps",
          role: "owner",
          language: "fr-FR",
          time_zone: "Europe/Paris",
          appearance: "dark",
          removed_at: null,
        }),
      ]);
      expect(await findMemberByCredentials(database.db, "ZOË", "ünïcödé-pässwörd")).toMatchObject({ role: "owner" });
      // Typed with the diaeresis apart (e + U+0308), as some keyboards send it: the same name.
      expect(await findMemberByCredentials(database.db, "ZOE\u0308", "ünïcödé-pässwörd")).toMatchObject({
        role: "owner",
      });
      const signedIn = await findSignedInSeller(
        database.db,
        new Request("http://localhost/sh/ovw", { headers: { Cookie: `sh_session=${token}` } }),
      );
      expect(signedIn?.member).toMatchObject({ username: "zoë", language: "fr-FR" });
      expect(signedIn?.seller).toEqual(
        expect.objectContaining({ id: sellerId, display_name: "Zoë’s Lámps", currency: "EUR" }),
      );
      // The account keeps the business; the person's columns left it.
      expect(Object.keys(signedIn?.seller ?? {})).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(password_hash|language|time_zone|appearance)$/)]),
      );
    } finally {
      await database.close();
    }
  });

  it("keeps the listing tallies' triggers at work after the seller's columns left (SQLite made them again)", async () => {
    const database = await dialect.open();
    try {
      const { openAccount } = await import("./accounts.server");
      const { sellerId } = await openAccount(
        database.db,
        {
          username: "tallied",
          display_name: "Tallied",
          feedback_score: 0,
          store_url: "https://stores.example.com/tallied",
          site: "EBAY_US",
          locale: "en-US",
          currency: "USD",
          created_at: 1,
        },
        "not-a-hash",
      );
      const { testListing } = await import("../../test/listings");
      await database.db
        .insertInto("listing")
        .values([testListing(sellerId), testListing(sellerId)])
        .execute();
      const tally = await database.db
        .selectFrom("listing_tally")
        .select("listings")
        .where("seller_id", "=", sellerId)
        .executeTakeFirstOrThrow();
      expect(Number(tally.listings)).toBe(2);
    } finally {
      await database.close();
    }
  });
});
