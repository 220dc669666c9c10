import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount, insertMember, testListing } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { changeSelection } from "~/listing-changes/listing-selection.server";
import {
  applyPriceChange,
  changeListing,
  findListingHistory,
  previewFileChanges,
  previewPriceChange,
  undoPriceChange,
} from "~/listing-changes/price-changes.server";
import { LISTINGS_TOOL, optBackIn, recordOptOut } from "~/opt-out/opt-out.server";
import {
  acceptInvitation,
  changeRole,
  findOpenInvitation,
  inviteMember,
  removeMember,
  withdrawInvitation,
} from "~/team/team.server";
import type { Actor } from "./activity-kinds";
import { describeActivity } from "./activity-text";
import { findActivity, findActivityMembers, recordActivity, type ActivityEntry } from "./activity.server";

const english = textOfLanguage("en-US").text;
const said = (entries: ActivityEntry[]) =>
  entries.map((entry) => `${entry.member.username}: ${describeActivity(entry, "en-US", english)}`);

describe.each(TEST_DIALECTS)("the activity log on $name", (dialect) => {
  let database: Database;
  let owner: Actor;
  let manager: Actor;
  let other: Actor;
  let listings: number[];
  const logOf = async (actor: Actor) => (await findActivity(database.db, actor.sellerId, {}, undefined)).entries;

  beforeAll(async () => {
    database = await dialect.open();
    owner = await insertAccount(database.db, "logged-owner");
    other = await insertAccount(database.db, "other-owner");
    manager = await insertMember(database.db, owner.sellerId, {
      username: "logged-manager",
      displayName: "Sam Rivera",
    });
    const rows = await database.db
      .insertInto("listing")
      .values(
        [1000, 2000, 3000].map((price) =>
          testListing(owner.sellerId, { price, quantity: 5, title: `Lámpara de mesa 台灯 ${price}` }),
        ),
      )
      .returning("id")
      .execute();
    listings = rows.map((row) => row.id);
  });
  afterAll(() => database.close());

  it("tells of every change of prices and quantities, by whoever made it, and the history names them", async () => {
    const session = { sellerId: owner.sellerId, sessionId: "manager-session" };
    await changeSelection(database, session, { select: listings, unselect: [] });
    const bulk = await previewPriceChange(database.db, session, { kind: "raise_percent", amount: 1000 });
    await applyPriceChange(database, manager, bulk, () => {}, 1_000);
    // Applied once: a second apply (a second tab) writes nothing and tells nothing.
    await applyPriceChange(database, owner, bulk, () => {}, 1_001);
    await undoPriceChange(database, owner, bulk, () => {}, 2_000);
    const first = listings[0] as number;
    const version = await database.db
      .selectFrom("listing")
      .select(["price_version", "quantity_version"])
      .where("id", "=", first)
      .executeTakeFirstOrThrow();
    await changeListing(
      database,
      manager,
      first,
      { quantity: { value: 7, seenVersion: version.quantity_version } },
      3_000,
    );
    // A save refused (the price changed since the page was shown) tells nothing.
    await expect(
      changeListing(database, manager, first, { price: { value: 1, seenVersion: version.price_version - 1 } }, 3_500),
    ).rejects.toMatchObject({ status: 409 });
    const file = await previewFileChanges(
      database.db,
      owner.sellerId,
      new Map([[first, { price: { value: 1234, checkedValue: 1000, checkedVersion: version.price_version } }]]),
      3_900,
    );
    await applyPriceChange(database, owner, file, () => {}, 4_000);

    expect(said(await logOf(owner))).toEqual([
      "logged-owner: Changes from a file, 1 listing",
      "logged-manager: Changed on the listing’s page: Lámpara de mesa 台灯 1000",
      "logged-owner: Undid “Raise by 10%”, 3 listings restored",
      "logged-manager: Raise by 10%, 3 listings",
    ]);
    expect((await logOf(owner)).map((entry) => [entry.kind, entry.at])).toEqual([
      ["file-change", 4_000],
      ["listing-change", 3_000],
      ["undo", 2_000],
      ["bulk-change", 1_000],
    ]);
    const history = await findListingHistory(
      database.db,
      { sellerId: owner.sellerId, locale: "en-US" },
      first,
      english,
    );
    expect(history.map((entry) => [entry.field, entry.undo, entry.who])).toEqual([
      ["price", false, "logged-owner"],
      ["quantity", false, "Sam Rivera"],
      ["price", true, "logged-owner"],
      ["price", false, "Sam Rivera"],
    ]);
    expect(await logOf(other)).toEqual([]);
  });

  it("tells of team changes and switching tools, once each", async () => {
    const account = await insertAccount(database.db, "team-log-owner");
    const invited = await inviteMember(database, account, { username: "zoë.ñ", role: "viewer" }, 10_000);
    if (!invited.ok) throw new Error("the invitation was refused");
    await inviteMember(database, account, { username: "gone-before", role: "manager" }, 10_001);
    const pending = await database.db
      .selectFrom("invitation")
      .select("id")
      .where("username", "=", "gone-before")
      .executeTakeFirstOrThrow();
    await withdrawInvitation(database.db, account, pending.id, 10_002);
    expect(await withdrawInvitation(database.db, account, pending.id, 10_003)).toBeNull();
    const invitation = await findOpenInvitation(database.db, invited.token, 10_004);
    if (!invitation) throw new Error("the invitation was not found");
    const joined = await acceptInvitation(
      database.db,
      invitation,
      { displayName: "Zoë Ñúñez", passwordHash: "not-a-hash" },
      10_005,
    );
    const zoe = joined?.id as number;
    await changeRole(database.db, account, zoe, "manager", 10_006);
    // The role they have already (the page's select starts on it): nothing changes, nothing told.
    expect(await changeRole(database.db, account, zoe, "manager", 10_007)).toEqual({
      username: "zoë.ñ",
      displayName: "Zoë Ñúñez",
    });
    // The owner's role is not the team's to change: refused, and nothing told.
    await changeRole(database.db, account, account.memberId, "viewer", 10_007);
    await recordOptOut(database.db, { sellerId: account.sellerId, memberId: zoe }, LISTINGS_TOOL, 10_008);
    await recordOptOut(database.db, account, LISTINGS_TOOL, 10_009);
    await optBackIn(database.db, account, LISTINGS_TOOL, 10_010);
    await optBackIn(database.db, account, LISTINGS_TOOL, 10_011);
    await removeMember(database.db, account, zoe, 10_012);

    const log = await logOf(account);
    expect(said(log)).toEqual([
      "team-log-owner: Removed Zoë Ñúñez (zoë.ñ) from the team",
      "team-log-owner: Switched back to Seller Hub’s listings tool",
      "zoë.ñ: Switched to the previous listings tool",
      "team-log-owner: Made Zoë Ñúñez (zoë.ñ) a manager",
      "zoë.ñ: Joined the team as a viewer",
      "team-log-owner: Withdrew the invitation for gone-before",
      "team-log-owner: Invited gone-before as a manager",
      "team-log-owner: Invited zoë.ñ as a viewer",
    ]);
    // A removed member stays named, and says so.
    expect(log[0]?.member).toMatchObject({ username: "team-log-owner", removed: false });
    expect(log[2]?.member).toMatchObject({ username: "zoë.ñ", displayName: "Zoë Ñúñez", removed: true });
    const members = await findActivityMembers(database.db, account.sellerId);
    expect(members.map(({ username, removed }) => [username, removed]).sort()).toEqual([
      ["team-log-owner", false],
      ["zoë.ñ", true],
    ]);
  });

  it("filters by member and kind, and pages newest first without gaps or repeats, entries of one millisecond included", async () => {
    const account = await insertAccount(database.db, "busy-owner");
    const helping = await insertMember(database.db, account.sellerId, { username: "busy-helper" });
    const helper = helping.memberId;
    // 25 entries over 5 milliseconds: pages of 4 cut through entries of the same time.
    for (let n = 0; n < 25; n += 1)
      await recordActivity(
        database.db,
        n % 2 === 0 ? account : helping,
        n % 3 === 0 ? "tools-switched" : "member-invited",
        n % 3 === 0 ? { to: "previous" } : { username: `user-${n}`, role: "viewer" },
        20_000 + Math.floor(n / 5),
      );
    const pages: number[][] = [];
    let cursor;
    do {
      const page = await findActivity(database.db, account.sellerId, {}, cursor, 4);
      pages.push(page.entries.map((entry) => entry.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    const all = pages.flat();
    expect(all).toHaveLength(25);
    expect(new Set(all).size).toBe(25);
    expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
    const everything = (await findActivity(database.db, account.sellerId, {}, undefined, 100)).entries;
    expect(everything.map((entry) => entry.id)).toEqual(all);
    expect(everything.map((entry) => entry.at)).toEqual([...everything.map((entry) => entry.at)].sort((a, b) => b - a));

    const helpers = await findActivity(database.db, account.sellerId, { memberId: helper }, undefined, 100);
    expect(helpers.entries).toHaveLength(12);
    expect(helpers.entries.every((entry) => entry.member.id === helper)).toBe(true);
    const switches = await findActivity(database.db, account.sellerId, { kind: "tools-switched" }, undefined, 100);
    expect(switches.entries).toHaveLength(9);
    const both = await findActivity(
      database.db,
      account.sellerId,
      { memberId: helper, kind: "tools-switched" },
      undefined,
      100,
    );
    expect(both.entries.map((entry) => entry.kind)).toEqual(Array(4).fill("tools-switched"));
    // Another account's member names no entry of this one.
    expect((await findActivity(database.db, other.sellerId, { memberId: helper }, undefined)).entries).toEqual([]);
  });
});
