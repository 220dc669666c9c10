import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { findSignedInSeller, SESSION_IDLE_MS, SESSION_SEEN_EVERY_MS, startSession } from "./session.server";

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)("sessions on $name", (dialect) => {
  let database: Database;
  let owner: { id: number; seller_id: number };
  beforeAll(async () => {
    database = await dialect.open();
    const { sellerId, memberId } = await insertAccount(database.db, "idler");
    owner = { id: memberId, seller_id: sellerId };
  });
  afterAll(() => database.close());

  const requestWith = async (startedAt: number, member = owner, signIn = new Request("http://localhost/signin")) => {
    const cookie = (await startSession(database.db, member, signIn, { now: startedAt })).split(";")[0] as string;
    return new Request("http://localhost/sh/ovw", { headers: { Cookie: cookie } });
  };

  it("is the member's: a request finds the member, and the account they work for", async () => {
    const { memberId } = await addMember(owner.seller_id, "helper-of-idler", "manager");
    const signedIn = await findSignedInSeller(
      database.db,
      await requestWith(Date.now(), { id: memberId, seller_id: owner.seller_id }),
    );
    expect(signedIn?.member).toMatchObject({ id: memberId, username: "helper-of-idler", role: "manager" });
    expect(signedIn?.member).not.toHaveProperty("password_hash");
    expect(signedIn?.seller).toMatchObject({ id: owner.seller_id, username: "idler" });
  });

  it("is no one's once the member is removed from the account, from their next request", async () => {
    const { memberId } = await addMember(owner.seller_id, "leaver-of-idler", "viewer");
    const request = await requestWith(Date.now(), { id: memberId, seller_id: owner.seller_id });
    expect(await findSignedInSeller(database.db, request)).not.toBeNull();
    await database.db.updateTable("member").set({ removed_at: Date.now() }).where("id", "=", memberId).execute();
    expect(await findSignedInSeller(database.db, request)).toBeNull();
  });

  it("keeps the browser (its first 512 characters) and the address it signed in from", async () => {
    const userAgent = `Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36 ${"é".repeat(1_000)}`;
    const signIn = new Request("http://localhost/signin", { headers: { "User-Agent": userAgent } });
    const cookie = await startSession(database.db, owner, signIn, { address: "203.0.113.7" });
    const id = await database.db.selectFrom("session").select(["id", "user_agent", "address", "member_id"]).execute();
    const started = id.find((row) => row.user_agent?.startsWith("Mozilla"));
    expect(cookie).toMatch(/^sh_session=/);
    expect(started).toMatchObject({ user_agent: userAgent.slice(0, 512), address: "203.0.113.7", member_id: owner.id });
  });

  async function addMember(sellerId: number, username: string, role: "manager" | "viewer") {
    const { id } = await database.db
      .insertInto("member")
      .values({
        seller_id: sellerId,
        username,
        display_name: username,
        password_hash: "not-a-hash",
        role,
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { memberId: id };
  }

  it(`ends a session left idle for ${SESSION_IDLE_MS / HOUR} hours, however long its seven days still run`, async () => {
    const start = Date.now() - 2 * SESSION_IDLE_MS;
    const request = await requestWith(start);
    expect(await findSignedInSeller(database.db, request, start + SESSION_IDLE_MS - 1)).not.toBeNull();
    expect(await findSignedInSeller(database.db, request, start + 2 * SESSION_IDLE_MS)).toBeNull();
  });

  it("keeps a session in use going: each use counts, written at most once every few minutes", async () => {
    const start = Date.now() - 3 * SESSION_IDLE_MS;
    const request = await requestWith(start);
    let sessionId = "";
    for (let at = start; at < start + 3 * SESSION_IDLE_MS; at += SESSION_IDLE_MS / 2) {
      const signedIn = await findSignedInSeller(database.db, request, at);
      expect(signedIn, `at ${(at - start) / HOUR} h`).not.toBeNull();
      sessionId = signedIn?.sessionId ?? "";
    }
    const written = async () =>
      Number(
        (
          await database.db
            .selectFrom("session")
            .select("last_seen_at")
            .where("id", "=", sessionId)
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      );
    const before = await written();
    await findSignedInSeller(database.db, request, before + SESSION_SEEN_EVERY_MS - 1);
    expect(await written()).toBe(before);
  });
});
