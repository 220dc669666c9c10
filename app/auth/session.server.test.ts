import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { findSignedInSeller, SESSION_IDLE_MS, SESSION_SEEN_EVERY_MS, startSession } from "./session.server";

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)("sessions on $name", (dialect) => {
  let database: Database;
  let seller: number;
  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "idler");
  });
  afterAll(() => database.close());

  const requestWith = async (startedAt: number) => {
    const cookie = (await startSession(database.db, seller, new Request("http://localhost/signin"), startedAt)).split(
      ";",
    )[0] as string;
    return new Request("http://localhost/sh/ovw", { headers: { Cookie: cookie } });
  };

  it(`ends a session left idle for ${SESSION_IDLE_MS / HOUR} hours, however long its seven days still run`, async () => {
    const start = Date.now() - 2 * SESSION_IDLE_MS;
    const request = await requestWith(start);
    expect(await findSignedInSeller(database.db, request, start + SESSION_IDLE_MS - 1)).not.toBeNull();
    expect(await findSignedInSeller(database.db, request, start + 2 * SESSION_IDLE_MS)).toBeNull();
  });

  it("keeps a session in use going: each use counts, written at most once every few minutes", async () => {
    const start = Date.now() - 3 * SESSION_IDLE_MS;
    const request = await requestWith(start);
    for (let at = start; at < start + 3 * SESSION_IDLE_MS; at += SESSION_IDLE_MS / 2)
      expect(await findSignedInSeller(database.db, request, at), `at ${(at - start) / HOUR} h`).not.toBeNull();
    const written = async () =>
      Number(
        (
          await database.db
            .selectFrom("session")
            .select("last_seen_at")
            .orderBy("last_seen_at", "desc")
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      );
    const before = await written();
    await findSignedInSeller(database.db, request, before + SESSION_SEEN_EVERY_MS - 1);
    expect(await written()).toBe(before);
  });
});
