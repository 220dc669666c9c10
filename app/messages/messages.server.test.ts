import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language } from "~/i18n/languages";
import { TEST_DIALECTS } from "../../test/databases";
import type { Database } from "~/db/database.server";
import type { PageMessage } from "./message-model";
import {
  addMessage,
  closedMessageCookie,
  findCurrentMessage,
  findCurrentMessages,
  messagesShownAtLoad,
  viewedMessageCookie,
  type MessageFile,
} from "./messages.server";

const NOW = Date.UTC(2026, 5, 15, 12);

const file = (overrides: Partial<MessageFile> = {}, title = "Confirm your tax details"): MessageFile => ({
  audience: { seller: "priya" },
  model: { title, type: "alert", message: "Payouts pause on 30 June.", controls: [{ name: "cross" }] },
  ...overrides,
});

describe.each(TEST_DIALECTS)("messages on $name", (dialect) => {
  let database: Database;
  let priya: number;
  let tomas: number;

  const titles = async (sellerId: number, now = NOW) =>
    (await findCurrentMessages(database.db, sellerId, "en-US", now)).map((message) => message.title);
  const rowCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("message")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    database = await dialect.open();
    const seller = (username: string) => ({
      username,
      display_name: username,
      feedback_score: 750,
      store_url: "https://stores.example.com",
      site: "EBAY_US",
      locale: "en-US",
      currency: "USD",
      created_at: NOW,
    });
    [priya, tomas] = (await Promise.all(
      ["priya", "tomas"].map(
        async (username) =>
          (await database.db.insertInto("seller").values(seller(username)).returning("id").executeTakeFirstOrThrow())
            .id,
      ),
    )) as [number, number];
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom("message").execute();
  });

  it("shows a seller's messages to that seller only, and messages for all to everyone", async () => {
    const added = await addMessage(database.db, file(), NOW);
    expect(added).toMatchObject({ ok: true, audience: "priya", startsAt: NOW, endsAt: null });
    expect(added.ok && added.messageId).toBe(String(added.ok && added.id));
    expect(await addMessage(database.db, file({ audience: "all" }, "Holiday shipping deadlines"), NOW)).toMatchObject({
      ok: true,
      audience: "every seller",
    });
    expect(await titles(priya)).toEqual(["Holiday shipping deadlines", "Confirm your tax details"]);
    expect(await titles(tomas)).toEqual(["Holiday shipping deadlines"]);
  });

  it("shows a message written in several languages in the seller's, else in English", async () => {
    const model = (title: string) => ({ title, type: "info" as const, message: title, config: { messageId: "sale" } });
    const added = await addMessage(
      database.db,
      file({
        audience: "all",
        model: { languages: { "en-US": model("Summer sale"), "de-DE": model("Sommerschlussverkauf") } },
      }),
      NOW,
    );
    expect(added).toMatchObject({ ok: true, messageId: "sale" });
    const shownIn = async (language: Language) =>
      (await findCurrentMessages(database.db, priya, language, NOW)).map((message) => message.title);
    expect(await shownIn("de-DE")).toEqual(["Sommerschlussverkauf"]);
    expect(await shownIn("en-US")).toEqual(["Summer sale"]);
    expect(await shownIn("fr-FR")).toEqual(["Summer sale"]);
    expect(await shownIn("en-GB")).toEqual(["Summer sale"]);
    expect(await shownIn("ar-XB")).toEqual(["Summer sale"]);
    // The closing goes by one id in every language.
    expect((await findCurrentMessage(database.db, priya, "sale", "de-DE"))?.config.messageId).toBe("sale");
  });

  it("shows British English to a British seller where the operator wrote it, and to no one else first", async () => {
    const model = (title: string) => ({
      title,
      type: "info" as const,
      message: title,
      config: { messageId: "colour" },
    });
    const added = await addMessage(
      database.db,
      file({ audience: "all", model: { languages: { "en-US": model("New colors"), "en-GB": model("New colours") } } }),
      NOW,
    );
    expect(added).toMatchObject({ ok: true, messageId: "colour" });
    const titleIn = async (language: Language) =>
      (await findCurrentMessage(database.db, priya, "colour", language))?.title;
    expect(await titleIn("en-GB")).toBe("New colours");
    expect(await titleIn("en-US")).toBe("New colors");
    expect(await titleIn("it-IT")).toBe("New colors");

    // Written in British English only: every seller without their language reads it.
    const britishOnly = {
      title: "Bank holiday",
      type: "info" as const,
      message: "Closed",
      config: { messageId: "holiday" },
    };
    await addMessage(database.db, file({ audience: "all", model: { languages: { "en-GB": britishOnly } } }), NOW);
    expect((await findCurrentMessage(database.db, priya, "holiday", "es-ES"))?.title).toBe("Bank holiday");
  });

  it.each([
    [
      "no English message",
      { "de-DE": { title: "Hallo", type: "info", message: "Hallo" } },
      "model.languages: languages needs an English message (en-US or en-GB): a seller of a language it lacks reads that one",
    ],
    [
      "languages that differ in kind",
      {
        "en-US": { title: "Hello", type: "info", message: "Hello" },
        "de-DE": { title: "Hallo", type: "alert", message: "Hallo" },
      },
      "model.languages: each language's message needs the same type and config: they are one message, with one set of cookies",
    ],
    [
      "a language the hub does not speak",
      { "en-US": { title: "Hello", type: "info", message: "Hello" }, "pt-BR": { title: "Olá", type: "info" } },
      'model.languages: Unrecognized key: "pt-BR"',
    ],
  ])("refuses a message in several languages with %s, and stores nothing", async (_, languages, reason) => {
    const added = await addMessage(database.db, file({ model: { languages } as MessageFile["model"] }), NOW);
    expect(added.ok).toBe(false);
    expect(added.ok ? [] : added.reasons.join("\n")).toContain(reason);
    expect(await rowCount()).toBe(0);
  });

  it("puts alerts first, then the newest first", async () => {
    const info = (title: string, startsAt: string) => file({ startsAt, model: { type: "info", title, message: "x" } });
    await addMessage(database.db, info("Older news", "2026-06-01"), NOW);
    await addMessage(database.db, file({ startsAt: "2026-06-02" }), NOW);
    await addMessage(database.db, info("Newer news", "2026-06-03"), NOW);
    expect(await titles(priya)).toEqual(["Confirm your tax details", "Newer news", "Older news"]);
  });

  it("shows a message from its start until its end", async () => {
    await addMessage(database.db, file({ startsAt: "2026-06-20", endsAt: "2026-06-30T18:00:00+02:00" }), NOW);
    expect(await titles(priya, NOW)).toEqual([]);
    expect(await titles(priya, Date.UTC(2026, 5, 20))).toEqual(["Confirm your tax details"]);
    expect(await titles(priya, Date.UTC(2026, 5, 30, 15, 59))).toEqual(["Confirm your tax details"]);
    expect(await titles(priya, Date.UTC(2026, 5, 30, 16))).toEqual([]);
  });

  it("names a message by its row unless it has its own messageId; of two with one id, the newest shows", async () => {
    const first = await addMessage(database.db, file(), NOW);
    await addMessage(
      database.db,
      file({ model: { ...file().model, config: { messageId: "tax-2026" } } }, "Old wording"),
      NOW,
    );
    await addMessage(
      database.db,
      file({
        startsAt: "2026-06-15T12:00:01Z",
        model: { ...file().model, title: "New wording", config: { messageId: "tax-2026" } },
      }),
      NOW,
    );
    const messages = await findCurrentMessages(database.db, priya, "en-US", NOW + 1000);
    expect(messages.map((message) => [message.config.messageId, message.title])).toEqual([
      ["tax-2026", "New wording"],
      [String(first.ok && first.id), "Confirm your tax details"],
    ]);
  });

  it("logs a stored model that is invalid, exactly as the spec says, and leaves it out", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await database.db
      .insertInto("message")
      .values({
        seller_id: priya,
        model: JSON.stringify({ type: "warning", message: "x" }),
        starts_at: 0,
        ends_at: null,
        created_at: 0,
      })
      .execute();
    await database.db
      .insertInto("message")
      .values({ seller_id: priya, model: "{not json", starts_at: 0, ends_at: null, created_at: 0 })
      .execute();
    expect(await titles(priya)).toEqual([]);
    expect(error).toHaveBeenCalledWith("Invalid model for shui-messages");
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/^Message \d+ is not shown: model\.type: type must be alert, success, info or dialog/),
    );
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^Message \d+ is not shown: its model is not JSON$/));
  });

  it("decides from the request's cookies which messages show at this load", async () => {
    await addMessage(database.db, file({ model: { ...file().model, config: { messageId: "tax", maxViews: 2 } } }), NOW);
    await addMessage(
      database.db,
      file({ model: { ...file().model, title: "Payout verified", config: { messageId: "payout" } } }),
      NOW,
    );
    const messages = await findCurrentMessages(database.db, priya, "en-US", NOW);
    const shown = (cookie: string | null) =>
      messagesShownAtLoad(messages, cookie).map((message) => message.config.messageId);
    expect(shown(null)).toEqual(["payout", "tax"]);
    expect(shown("shui-messages-tax-viewsLeft=1")).toEqual(["payout", "tax"]);
    expect(shown("shui-messages-tax-viewsLeft=0")).toEqual(["payout"]);
    expect(shown("shui-messages-tax-viewsLeft=0; shui-messages-payout-dismissalLeft=0")).toEqual([]);
  });

  it("closes a message on the server with the cookie its config asks for, and finds only the seller's own", async () => {
    await addMessage(database.db, file({ model: { ...file().model, config: { messageId: "tax", maxDismissal: 2 } } }));
    await addMessage(
      database.db,
      file({
        audience: { seller: "tomas" },
        model: { ...file().model, config: { messageId: "tomas-only", permanent: true } },
      }),
    );
    const request = (cookie = "") =>
      new Request("https://hub.test/sh/messages/close", { method: "POST", headers: { Cookie: cookie } });
    const tax = await findCurrentMessage(database.db, priya, "tax", "en-US");
    expect(tax?.config).toEqual({ messageId: "tax", maxDismissal: 2 });
    expect(closedMessageCookie(tax as PageMessage, request())).toMatch(
      /^shui-messages-tax-dismissalLeft=1; Path=\/; Expires=.+; Secure; SameSite=Lax$/,
    );
    expect(closedMessageCookie(tax as PageMessage, request("shui-messages-tax-dismissalLeft=1"))).toMatch(
      /^shui-messages-tax-dismissalLeft=0; /,
    );
    expect(await findCurrentMessage(database.db, priya, "tomas-only", "en-US")).toBeUndefined();
    expect(await findCurrentMessage(database.db, tomas, "tomas-only", "en-US")).toBeDefined();
  });

  it("counts a view on the server for a message with maxViews, down to 0 and no further; none without maxViews", async () => {
    await addMessage(database.db, file({ model: { ...file().model, config: { messageId: "payday", maxViews: 2 } } }));
    const request = (cookie = "") =>
      new Request("http://hub.test/sh/messages/payday/view", { headers: { Cookie: cookie } });
    const payday = (await findCurrentMessage(database.db, priya, "payday", "en-US")) as PageMessage;
    expect(viewedMessageCookie(payday, request())).toMatch(
      /^shui-messages-payday-viewsLeft=1; Path=\/; Expires=.+; SameSite=Lax$/,
    );
    expect(viewedMessageCookie(payday, request("shui-messages-payday-viewsLeft=1"))).toMatch(
      /^shui-messages-payday-viewsLeft=0; /,
    );
    expect(viewedMessageCookie(payday, request("shui-messages-payday-viewsLeft=0"))).toMatch(
      /^shui-messages-payday-viewsLeft=0; /,
    );
    expect(viewedMessageCookie({ ...payday, config: { messageId: "payday" } }, request())).toBeNull();
  });

  it.each([
    [
      "a file without an audience",
      { model: file().model },
      'audience: audience must be "all" or { "seller": "username" }',
    ],
    [
      "an invalid model",
      { ...file(), model: { type: "dialog", message: "x" } },
      "model.title: A dialog message needs a title: it names the dialog",
    ],
    [
      "an unknown seller",
      { ...file(), audience: { seller: "nobody" } },
      'audience.seller: no seller has the username "nobody"',
    ],
    [
      "an end before the start",
      { ...file(), startsAt: "2026-07-01", endsAt: "2026-06-30" },
      "endsAt: must be after startsAt",
    ],
    [
      "an end in the past",
      { ...file(), endsAt: "2026-06-01" },
      "endsAt: is in the past, so the message would never show",
    ],
    [
      "a date without its time zone",
      { ...file(), startsAt: "2026-07-01T09:00" },
      "startsAt: a date such as 2026-07-01 or 2026-07-01T09:00:00Z",
    ],
    ["a date not on the calendar", { ...file(), startsAt: "2026-02-30" }, "startsAt: not a date on the calendar"],
    ["an unknown key", { ...file(), expires: "2026-07-01" }, 'Unrecognized key: "expires"'],
    ["no file at all", null, "Invalid input: expected object, received null"],
  ])("refuses %s with the reason, and writes nothing", async (_, input, reason) => {
    const result = await addMessage(database.db, input, NOW);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reasons).toContain(reason);
    expect(await rowCount()).toBe(0);
  });
});
