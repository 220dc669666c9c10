import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import { startSession } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { addMember, type NewMember } from "./accounts.server";
import {
  acceptInvitation,
  changeRole,
  findOpenInvitation,
  findTeam,
  handOverOwnership,
  INVITATION_LIFETIME_MS,
  INVITATIONS_COUNTED_MS,
  INVITATIONS_PER_DAY,
  inviteMember,
  NoLongerOwner,
  removeMember,
  withdrawInvitation,
} from "./team.server";

describe.each(TEST_DIALECTS)("an account's team on $name", (dialect) => {
  let database: Database;
  let account: { sellerId: number; memberId: number };
  let other: { sellerId: number; memberId: number };
  const invite = (
    username: string,
    role: "manager" | "viewer" = "viewer",
    now = Date.now(),
    by: { sellerId: number; memberId: number } = account,
  ) => inviteMember(database, by, { username, role }, now);
  const joiner = { displayName: "Zoë Ñúñez", passwordHash: "not-a-hash" };
  /** A member written straight into an account: a viewer named after their username unless said. */
  const addTestMember = (
    to: { sellerId: number },
    username: string,
    member: Partial<Omit<NewMember, "username">> = {},
  ) =>
    addMember(database.db, to.sellerId, {
      username,
      displayName: `Ñame ${username}`,
      passwordHash: "not-a-hash",
      role: "viewer",
      ...member,
    });

  beforeAll(async () => {
    database = await dialect.open();
    account = await insertAccount(database.db, "team-owner");
    other = await insertAccount(database.db, "other-owner");
  });
  afterAll(() => database.close());

  it("makes a single-use link: the table keeps only its hash, and the invitee joins once, however often the form is sent", async () => {
    const invited = await invite("zoë.ñúñez", "manager");
    if (!invited.ok) throw new Error(invited.refusal);
    const stored = await database.db.selectFrom("invitation").select("token_hash").execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(invited.token);
    const open = await findOpenInvitation(database.db, invited.token);
    expect(open).toMatchObject({ username: "zoë.ñúñez", role: "manager", accountName: "team-owner" });
    // Two tabs send the form at once: one member.
    const joined = await Promise.all([
      acceptInvitation(database.db, open!, joiner),
      acceptInvitation(database.db, open!, joiner),
    ]);
    expect(joined.filter(Boolean)).toHaveLength(1);
    expect(await findOpenInvitation(database.db, invited.token)).toBeNull();
    const team = await findTeam(database.db, account.sellerId);
    expect(team.members.map((member) => [member.username, member.role])).toEqual([
      ["team-owner", "owner"],
      ["zoë.ñúñez", "manager"],
    ]);
    expect(team.invitations).toEqual([]);
  });

  it("refuses a username any member of the hub has, or one already invited", async () => {
    expect(await invite("other-owner")).toEqual({ ok: false, refusal: "usernameTaken" });
    expect((await invite("twice")).ok).toBe(true);
    expect(await invite("twice")).toEqual({ ok: false, refusal: "alreadyInvited" });
  });

  it("lets two accounts inviting one username at the same moment make one invitation, not two", async () => {
    // Both had passed the check before either wrote on PostgreSQL: the second invitee's link then
    // failed with no reason when the first joined.
    const first = await insertAccount(database.db, "race-owner-1");
    const second = await insertAccount(database.db, "race-owner-2");
    for (let round = 0; round < 3; round++) {
      const username = `raced-${round}`;
      const answers = await Promise.all(
        [first, second, first, second].map((by) =>
          inviteMember(database, by, { username, role: "viewer" }, Date.now()),
        ),
      );
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      const pending = await database.db
        .selectFrom("invitation")
        .select("id")
        .where("username", "=", username)
        .execute();
      expect(pending).toHaveLength(1);
    }
  });

  it("finds no invitation past its seven days, nor for a token of the wrong shape", async () => {
    const sent = Date.now() - INVITATION_LIFETIME_MS - 1;
    const invited = await invite("too-late", "viewer", sent);
    if (!invited.ok) throw new Error(invited.refusal);
    expect(await findOpenInvitation(database.db, invited.token)).toBeNull();
    for (const token of ["", "x".repeat(10_000), "\u0000".repeat(43), `${invited.token}=`, "é".repeat(43)])
      expect(await findOpenInvitation(database.db, token)).toBeNull();
    // Past its days, its username is free again.
    expect((await invite("too-late")).ok).toBe(true);
  });

  it(`lets an account send ${INVITATIONS_PER_DAY} invitations a day, not one more, withdrawn ones counted, sent at once or not`, async () => {
    const day = Date.now() + 3 * INVITATION_LIFETIME_MS;
    const sent = await Promise.all(
      Array.from({ length: INVITATIONS_PER_DAY - 1 }, (_, n) => invite(`busy-${n}`, "viewer", day + n, other)),
    );
    expect(sent.filter((outcome) => outcome.ok)).toHaveLength(INVITATIONS_PER_DAY - 1);
    const last = await invite("busy-last", "viewer", day + 100, other);
    expect(last.ok).toBe(true);
    // Withdrawing makes no room for more.
    const pending = (await findTeam(database.db, other.sellerId, day + 200)).invitations;
    expect(await withdrawInvitation(database.db, other, pending[0]!.id)).toBeTruthy();
    expect(await invite("busy-more", "viewer", day + 300, other)).toEqual({ ok: false, refusal: "tooMany" });
  });

  it("counts an invitation refused for a taken username among the day's, so the form cannot be asked about usernames without end", async () => {
    const prober = await insertAccount(database.db, "probing-owner");
    const day = Date.now() + 5 * INVITATION_LIFETIME_MS;
    const tries = await Promise.all(
      Array.from({ length: INVITATIONS_PER_DAY - 1 }, (_, n) =>
        inviteMember(database, prober, { username: "other-owner", role: "viewer" }, day + n),
      ),
    );
    expect(tries.every((tried) => !tried.ok && tried.refusal === "usernameTaken")).toBe(true);
    expect((await inviteMember(database, prober, { username: "prober-last", role: "viewer" }, day + 50)).ok).toBe(true);
    // The day is used: a taken username and a free one get the same answer.
    for (const username of ["team-owner", "prober-free"])
      expect(await inviteMember(database, prober, { username, role: "viewer" }, day + 100)).toEqual({
        ok: false,
        refusal: "tooMany",
      });
    // A day after the first refusal, one more may be asked.
    expect(
      await inviteMember(database, prober, { username: "team-owner", role: "viewer" }, day + INVITATIONS_COUNTED_MS),
    ).toEqual({
      ok: false,
      refusal: "usernameTaken",
    });
  });

  it("says another account's pending invitation only as a taken username", async () => {
    const third = await insertAccount(database.db, "third-owner");
    expect((await invite("someone-elses", "viewer", Date.now(), third)).ok).toBe(true);
    expect(await invite("someone-elses")).toEqual({ ok: false, refusal: "usernameTaken" });
  });

  it("changes a member's role and removes a member, ending their sessions; never the owner's, never another account's", async () => {
    const helper = await addTestMember(account, "helper", { displayName: "Helper" });
    await startSession(database.db, { id: helper, seller_id: account.sellerId }, new Request("http://localhost/"));
    expect(await changeRole(database.db, account, account.memberId, "viewer")).toBeNull();
    expect(await changeRole(database.db, other, helper, "manager")).toBeNull();
    expect(await changeRole(database.db, account, helper, "manager")).toEqual({
      username: "helper",
      displayName: "Helper",
    });
    expect(await removeMember(database.db, account, account.memberId)).toBeNull();
    expect(await removeMember(database.db, other, helper)).toBeNull();
    expect(await removeMember(database.db, account, helper)).toEqual({ id: helper, displayName: "Helper" });
    expect(await database.db.selectFrom("session").where("member_id", "=", helper).selectAll().execute()).toEqual([]);
    expect((await findTeam(database.db, account.sellerId)).members.map((member) => member.username)).not.toContain(
      "helper",
    );
    // Removed, their username stays theirs: the history names them. Another account cannot have it.
    const rival = await insertAccount(database.db, "rival-owner");
    expect(await invite("helper", "viewer", Date.now(), rival)).toEqual({
      ok: false,
      refusal: "usernameTaken",
    });
    expect(await changeRole(database.db, account, helper, "viewer")).toBeNull();
  });

  it("invites a removed member back under their username: they take up their own row, with the new name, password and role", async () => {
    const former = await addTestMember(account, "returning", { passwordHash: "old-hash", role: "manager" });
    await database.db.updateTable("member").set({ time_zone: "Europe/Rome" }).where("id", "=", former).execute();
    await removeMember(database.db, account, former);
    const invited = await invite("returning", "viewer");
    if (!invited.ok) throw new Error(invited.refusal);
    const open = await findOpenInvitation(database.db, invited.token);
    expect(
      await acceptInvitation(database.db, open!, { displayName: "Ünïcode Back", passwordHash: "new-hash" }),
    ).toEqual({
      id: former,
      seller_id: account.sellerId,
    });
    const row = await database.db.selectFrom("member").selectAll().where("id", "=", former).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: "returning",
      display_name: "Ünïcode Back",
      password_hash: "new-hash",
      role: "viewer",
      removed_at: null,
      time_zone: "Europe/Rome",
    });
    expect(
      (await findTeam(database.db, account.sellerId)).members.filter((m) => m.username === "returning"),
    ).toHaveLength(1);
    // A member now, not a former one: their username is taken again, for this account too.
    expect(await invite("returning")).toEqual({ ok: false, refusal: "usernameTaken" });
  });

  it("lets no other account take up a removed member's row, whatever invitation it holds", async () => {
    const former = await addTestMember(account, "not-yours", { passwordHash: "kept-hash" });
    await removeMember(database.db, account, former);
    const elsewhere = await insertAccount(database.db, "elsewhere-owner");
    // No account can make this invitation (the username is taken for it); written as if one had.
    const { id } = await database.db
      .insertInto("invitation")
      .values({
        seller_id: elsewhere.sellerId,
        username: "not-yours",
        role: "manager",
        token_hash: "crafted",
        invited_by: elsewhere.memberId,
        created_at: Date.now(),
        expires_at: Date.now() + INVITATION_LIFETIME_MS,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const crafted = {
      id,
      sellerId: elsewhere.sellerId,
      accountName: "elsewhere-owner",
      username: "not-yours",
      role: "manager" as const,
      expiresAt: Date.now() + INVITATION_LIFETIME_MS,
    };
    expect(await acceptInvitation(database.db, crafted, joiner)).toBeNull();
    expect(
      await database.db
        .selectFrom("member")
        .select(["seller_id", "password_hash"])
        .where("id", "=", former)
        .executeTakeFirst(),
    ).toEqual({ seller_id: account.sellerId, password_hash: "kept-hash" });
  });

  it("hands the account to a member, the owner becoming a manager, once however often it is sent; never to a removed member nor another account's", async () => {
    const handing = await insertAccount(database.db, "handing-owner");
    const add = (username: string) => addTestMember(handing, username);
    const [heir, rival, gone] = [await add("heir"), await add("rival"), await add("gone")];
    await removeMember(database.db, handing, gone);
    await startSession(
      database.db,
      { id: handing.memberId, seller_id: handing.sellerId },
      new Request("http://localhost/"),
    );
    const roles = async () =>
      Object.fromEntries(
        (await findTeam(database.db, handing.sellerId)).members.map((member) => [member.username, member.role]),
      );
    expect(await handOverOwnership(database.db, handing, gone)).toBeNull();
    expect(await handOverOwnership(database.db, handing, account.memberId)).toBeNull();
    expect(await handOverOwnership(database.db, handing, handing.memberId)).toBeNull();
    expect(await handOverOwnership(database.db, other, heir)).toBeNull();
    expect(await roles()).toEqual({ "handing-owner": "owner", heir: "viewer", rival: "viewer" });

    // Sent twice at once (two tabs), to two members: one of them becomes the owner, not both.
    const outcomes = await Promise.all([
      handOverOwnership(database.db, handing, heir),
      handOverOwnership(database.db, handing, rival),
    ]);
    expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
    const owners = Object.entries(await roles()).filter(([, role]) => role === "owner");
    expect(owners).toHaveLength(1);
    expect((await roles())["handing-owner"]).toBe("manager");
    // The former owner's session goes on, as a manager's.
    expect(
      await database.db.selectFrom("session").where("member_id", "=", handing.memberId).selectAll().execute(),
    ).toHaveLength(1);
    // The former owner's team changes, sent from a tab opened before, are refused: the team is not theirs now.
    for (const change of [
      () => changeRole(database.db, handing, gone, "manager"),
      () => removeMember(database.db, handing, gone),
      () => withdrawInvitation(database.db, handing, 1),
      () => inviteMember(database, handing, { username: "late-invite", role: "viewer" }),
    ])
      await expect(change()).rejects.toBeInstanceOf(NoLongerOwner);
    // And the database itself refuses a second owner, whatever code might try.
    await expect(
      database.db.updateTable("member").set({ role: "owner" }).where("username", "=", "handing-owner").execute(),
    ).rejects.toThrow(/unique/i);
    const [newOwner] = owners[0]!;
    const log = await database.db
      .selectFrom("activity")
      .select(["member_id", "kind", "details"])
      .where("seller_id", "=", handing.sellerId)
      .where("kind", "=", "ownership-handed-over")
      .execute();
    expect(log.map((entry) => ({ ...entry, details: JSON.parse(entry.details) }))).toEqual([
      {
        member_id: handing.memberId,
        kind: "ownership-handed-over",
        details: { username: newOwner, displayName: `Ñame ${newOwner}` },
      },
    ]);
  });

  it("withdraws an invitation of the account only", async () => {
    await invite("withdrawn");
    const pending = (await findTeam(database.db, account.sellerId)).invitations.find((i) => i.username === "withdrawn");
    expect(await withdrawInvitation(database.db, other, pending!.id)).toBeNull();
    expect(await withdrawInvitation(database.db, account, pending!.id)).toBeTruthy();
    expect(await withdrawInvitation(database.db, account, pending!.id)).toBeNull();
  });

  it("withdraws no invitation past its seven days, and logs nothing for one already dead", async () => {
    const invited = await invite("expired-then-withdrawn", "viewer", Date.now() - INVITATION_LIFETIME_MS - 1);
    if (!invited.ok) throw new Error(invited.refusal);
    const { id } = await database.db
      .selectFrom("invitation")
      .select("id")
      .where("username", "=", "expired-then-withdrawn")
      .executeTakeFirstOrThrow();
    const logged = () =>
      database.db
        .selectFrom("activity")
        .select("id")
        .where("seller_id", "=", account.sellerId)
        .where("kind", "=", "invitation-withdrawn")
        .execute();
    const before = (await logged()).length;
    expect(await withdrawInvitation(database.db, account, id)).toBeNull();
    expect(await logged()).toHaveLength(before);
  });
});
