import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { endMessage, listScheduledMessages } from "./message-schedule.server";
import { addMessage, findCurrentMessages, type MessageFile } from "./messages.server";

const NOW = Date.UTC(2026, 5, 15, 12);
const HOUR = 3_600_000;

const file = (title: string, overrides: Partial<MessageFile> = {}): MessageFile => ({
  audience: { seller: "priya" },
  model: { title, type: "info", message: "Read this.", controls: [{ name: "cross" }] },
  ...overrides,
});

describe.each(TEST_DIALECTS)("operators' message schedule on $name", (dialect) => {
  let database: Database;
  let priya: number;

  async function add(title: string, overrides: Partial<MessageFile> = {}): Promise<number> {
    const added = await addMessage(database.db, file(title, overrides), NOW - HOUR);
    if (!added.ok) throw new Error(added.reasons.join("; "));
    return added.id;
  }
  const shownTo = async (sellerId: number, now: number) =>
    (await findCurrentMessages(database.db, sellerId, "en-US", now)).map((message) => message.title);

  beforeAll(async () => {
    database = await dialect.open();
    priya = await insertSeller(database.db, "priya");
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom("message").execute();
  });

  it("lists what is showing and what is scheduled, soonest first, and leaves out what has ended", async () => {
    await add("Ended yesterday", { endsAt: new Date(NOW - HOUR / 2).toISOString() });
    const later = await add("Summer sale", { audience: "all", startsAt: new Date(NOW + 24 * HOUR).toISOString() });
    const now = await add("Confirm your tax details");
    expect(await listScheduledMessages(database.db, NOW)).toEqual([
      {
        id: now,
        audience: "priya",
        summary: "Confirm your tax details",
        startsAt: NOW - HOUR,
        endsAt: null,
        state: "showing",
      },
      {
        id: later,
        audience: "every seller",
        summary: "Summer sale",
        startsAt: NOW + 24 * HOUR,
        endsAt: null,
        state: "scheduled",
      },
    ]);
  });

  it("ends a message: sellers stop seeing it at their next page load, and other messages stay", async () => {
    const tax = await add("Confirm your tax details");
    await add("Payout account verified");
    expect(await shownTo(priya, NOW)).toContain("Confirm your tax details");

    const ended = await endMessage(database.db, tax, NOW);
    expect(ended).toMatchObject({
      ok: true,
      message: { id: tax, audience: "priya", summary: "Confirm your tax details", endsAt: NOW },
    });
    expect(await shownTo(priya, NOW + 1)).toEqual(["Payout account verified"]);
  });

  it("ends a scheduled message before it ever shows", async () => {
    const sale = await add("Summer sale", { startsAt: new Date(NOW + HOUR).toISOString() });
    expect(await endMessage(database.db, sale, NOW)).toMatchObject({ ok: true });
    expect(await shownTo(priya, NOW + 2 * HOUR)).toEqual([]);
  });

  it("refuses an unknown message and one that has already ended, and changes nothing", async () => {
    const tax = await add("Confirm your tax details", { endsAt: new Date(NOW + HOUR).toISOString() });
    expect(await endMessage(database.db, tax + 100, NOW)).toEqual({
      ok: false,
      reason: `There is no message ${tax + 100}.`,
    });
    expect(await endMessage(database.db, tax, NOW + 2 * HOUR)).toEqual({
      ok: false,
      reason: `Message ${tax} has already ended.`,
    });
    expect(await database.db.selectFrom("message").select("ends_at").executeTakeFirstOrThrow()).toEqual({
      ends_at: NOW + HOUR,
    });
  });

  it("lists a message whose stored model is broken, so that it can be ended", async () => {
    const { id } = await database.db
      .insertInto("message")
      .values({ seller_id: priya, model: "{broken", starts_at: NOW - HOUR, ends_at: null, created_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await listScheduledMessages(database.db, NOW)).toMatchObject([{ id, summary: "(model is not JSON)" }]);
    expect(await endMessage(database.db, id, NOW)).toMatchObject({ ok: true });
  });
});
