import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { signInOverHttp, startServerProcess, type ServerProcess } from "../test/server-process";

describe.runIf(TEST_DATABASE_URL)("two instances sharing one PostgreSQL", () => {
  let first: ServerProcess;
  let second: ServerProcess;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase(TEST_DATABASE_URL as string);
    // Both start at once on an empty database: both migrate, one seeds.
    [first, second] = await Promise.all([startServerProcess(database.url), startServerProcess(database.url)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await database?.drop();
  });

  it("migrated once, seeded once", async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const migrations = await client.query("select name from kysely_migration order by name");
    const demos = await client.query("select count(*)::int as n from seller where username = 'demo'");
    await client.end();
    expect(new Set(migrations.rows.map((row) => row.name)).size).toBe(migrations.rowCount);
    expect(demos.rows[0].n).toBe(1);
  });

  it("the same opt-out sent to both instances at once is recorded once", async () => {
    const session = await signInOverHttp(first.url, "purple-shooting-star");
    const overview = await (await fetch(`${first.url}/sh/ovw`, { headers: { Cookie: session } })).text();
    const srt = /name="srt" value="([^"]+)"/.exec(overview)?.[1];
    const optOut = (url: string) =>
      fetch(`${url}/sh/optout`, {
        method: "POST",
        headers: { Cookie: session, "Content-Type": "application/json" },
        body: JSON.stringify({ srt }),
      });
    const answers = await Promise.all([optOut(first.url), optOut(second.url), optOut(first.url), optOut(second.url)]);
    expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const rows = await client.query(
      "select count(*)::int as n from opt_out join seller on seller.id = opt_out.seller_id where username = 'purple-shooting-star'",
    );
    await client.end();
    expect(rows.rows[0].n).toBe(1);
  });

  it("a session made on one instance is valid on the other", async () => {
    const session = await signInOverHttp(first.url);
    const page = await fetch(`${second.url}/sh/ovw`, { headers: { Cookie: session }, redirect: "manual" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Jordan Lee");
  });
});

if (!TEST_DATABASE_URL) console.info("Several-instances test skipped: it needs PostgreSQL (set TEST_DATABASE_URL).");
