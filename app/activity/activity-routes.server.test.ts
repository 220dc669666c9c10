import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount, insertMember } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { Actor } from "./activity-kinds";
import { activityCsv, readActivityQuery } from "./activity-routes.server";
import { recordActivity } from "./activity.server";

const english = textOfLanguage("en-US").text;
const read = (query: string, members = new Set([7, 12])) =>
  readActivityQuery(new URLSearchParams(query), members, english);

/** The refusal a query gets, as its sender reads it. */
async function refusalOf(query: string): Promise<{ status: number; reason: string }> {
  try {
    read(query);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, reason: await error.text() };
    throw error;
  }
  throw new Error(`${query} was not refused`);
}

describe("the activity log's address", () => {
  it("reads a member of the team, a kind and where the page starts", () => {
    expect(read("")).toEqual({ filters: {}, cursor: undefined });
    expect(read("member=12&kind=undo&before=1764000000000_42")).toEqual({
      filters: { memberId: 12, kind: "undo" },
      cursor: { at: 1764000000000, id: 42 },
    });
  });

  it.each([
    ["member=99", "That member is not on this account’s team. Choose one from the list."],
    ["member=1e20", "That member is not on this account’s team. Choose one from the list."],
    ["member=-7", "That member is not on this account’s team. Choose one from the list."],
    ["member=%EF%BC%97", "That member is not on this account’s team. Choose one from the list."],
    ["kind=deleted-everything", "The activity log has no such kind of change. Choose one from the list."],
    ["kind=undo%00", "The activity log has no such kind of change. Choose one from the list."],
    ["before=Infinity_1", "That page of the activity does not exist. Start again from the newest entries."],
    ["before=9007199254740993_1", "That page of the activity does not exist. Start again from the newest entries."],
    ["before=1_2_3", "That page of the activity does not exist. Start again from the newest entries."],
    // Beyond PostgreSQL's integer, the query itself would fail.
    ["before=1_2147483648", "That page of the activity does not exist. Start again from the newest entries."],
    [
      `before=${"9".repeat(10_000)}_1`,
      "That page of the activity does not exist. Start again from the newest entries.",
    ],
  ])("refuses %s with a reason, 400", async (query, reason) => {
    expect(await refusalOf(query)).toEqual({ status: 400, reason });
  });
});

describe.each(TEST_DIALECTS)("the activity file on $name", (dialect) => {
  let database: Database;
  let owner: Actor;
  let helper: Actor;

  beforeAll(async () => {
    database = await dialect.open();
    owner = await insertAccount(database.db, "filed-owner");
    helper = await insertMember(database.db, owner.sellerId, {
      username: "filed-helper",
      displayName: '=HYPERLINK("https://evil.example")',
    });
    await recordActivity(database.db, owner, "member-invited", { username: "filed-helper", role: "manager" }, 1_000);
    await recordActivity(
      database.db,
      helper,
      "bulk-change",
      { changeId: "AAAAAAAAAAAAAAAAAAAAAA", change: { kind: "raise_percent", amount: 1250 }, listings: 1234 },
      Date.UTC(2026, 10, 25, 14, 30),
    );
  });
  afterAll(() => database.close());

  const exported = async (query: string, language: "en-US" | "de-DE") => {
    const stream = activityCsv(
      database,
      owner.sellerId,
      read(query, new Set([owner.memberId, helper.memberId])),
      language,
    );
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect([...bytes.slice(0, 3)], "a UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    return parse(Buffer.from(bytes), { bom: true, delimiter: language === "en-US" ? "," : ";" }) as string[][];
  };

  it("writes what the page shows, newest first, for the member's spreadsheet, every cell inert", async () => {
    expect(await exported("", "en-US")).toEqual([
      ["When (UTC)", "Member", "Username", "Kind", "What", "Change"],
      [
        "2026-11-25T14:30:00.000Z",
        '\'=HYPERLINK("https://evil.example")',
        "filed-helper",
        "Bulk change",
        "Raise by 12.50%, 1,234 listings",
        "AAAAAAAAAAAAAAAAAAAAAA",
      ],
      ["1970-01-01T00:00:01.000Z", "filed-owner", "filed-owner", "Invitation", "Invited filed-helper as a manager", ""],
    ]);
    const german = await exported(`member=${owner.memberId}`, "de-DE");
    expect(german).toEqual([
      ["Wann (UTC)", "Mitglied", "Benutzername", "Art", "Was", "Änderung"],
      [
        "1970-01-01T00:00:01.000Z",
        "filed-owner",
        "filed-owner",
        "Einladung",
        "filed-helper als Manager eingeladen",
        "",
      ],
    ]);
  });
});
