import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { connectDatabase, openDatabase, schemaStanding } from "~/db/database.server";
import { MIGRATION_NAMES } from "~/db/migrations/index.server";

const folder = mkdtempSync(join(tmpdir(), "operator-database-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
const TARGETS = [
  {
    name: "SQLite",
    create: async () => ({ url: `sqlite:${join(folder, `hub-${++files}.db`)}`, drop: async () => {} }),
  },
  ...(TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", create: () => createPostgresDatabase(TEST_DATABASE_URL as string) }]
    : []),
];

const [LAST] = MIGRATION_NAMES.slice(-1);
const [BEFORE_LAST] = MIGRATION_NAMES.slice(-2);

/** An operator's command, `node SCRIPT ARGS`, on the database at `databaseUrl`. */
function command(databaseUrl: string, script: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

/** A message for every seller, as an operator writes it. */
function messageFile(): string {
  const path = join(folder, "message.json");
  writeFileSync(
    path,
    JSON.stringify({
      audience: "all",
      endsAt: "2099-01-01",
      model: { title: "Maintenance", type: "info", message: "Tonight.", controls: [{ name: "cross" }] },
    }),
  );
  return path;
}

async function standingOf(url: string) {
  const database = connectDatabase(url);
  try {
    return await schemaStanding(database);
  } finally {
    await database.close();
  }
}

describe.each(TARGETS)("the operators' commands on a database of another version, on $name", (target) => {
  it("refuse a database a version behind, and leave it as it was (no migration)", async () => {
    const { url, drop } = await target.create();
    try {
      await (await openDatabase(url, BEFORE_LAST)).close();
      const report = command(url, "scripts/speed-report.ts");
      expect(report.stderr).toBe(
        `Refused: no report was made.\n  - The database is at an older version of the hub than this one (it lacks ${LAST}): run the command from the version that serves it, or start this version (npm start) to bring the database up first.\n`,
      );
      // 2: the report could not tell.
      expect(report.status).toBe(2);
      const list = command(url, "scripts/messages-list.ts");
      expect(list.stderr).toMatch(/^Refused: nothing was changed\.\n {2}- The database is at an older version/);
      expect(list.status).toBe(1);
      expect(await standingOf(url)).toEqual({ missing: [LAST], unknown: [] });
    } finally {
      await drop();
    }
  }, 60_000);

  it("refuse a database a newer version brought up", async () => {
    const { url, drop } = await target.create();
    try {
      const database = await openDatabase(url);
      await database.db
        .insertInto("kysely_migration" as never)
        .values({ name: "9999-from-a-newer-hub", timestamp: new Date().toISOString() } as never)
        .execute();
      await database.close();
      const added = command(url, "scripts/messages-add.ts", messageFile());
      expect(added.stderr).toContain(
        "The database was brought up to a newer version of the hub than this one (it has 9999-from-a-newer-hub): run the command from the version that serves it.",
      );
      expect(added.status).toBe(1);
      expect(await standingOf(url)).toEqual({ missing: [], unknown: ["9999-from-a-newer-hub"] });
      const asLeft = connectDatabase(url);
      expect(await asLeft.db.selectFrom("message").select("id").execute()).toEqual([]);
      await asLeft.close();
    } finally {
      await drop();
    }
  }, 60_000);

  it("refuse as newer a database whose migrations this version knows none of", async () => {
    const { url, drop } = await target.create();
    try {
      // A newer hub that began its migrations anew: none of this version's names is in the table.
      const database = connectDatabase(url);
      await sql`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
        database.db,
      );
      await sql`insert into kysely_migration (name, timestamp) values ('0001-begun-anew', '2027-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
      await database.close();
      const listed = command(url, "scripts/messages-list.ts");
      expect(listed.stderr).toContain(
        "The database was brought up to a newer version of the hub than this one (it has 0001-begun-anew)",
      );
      expect(listed.status).toBe(1);
    } finally {
      await drop();
    }
  }, 60_000);

  it("read a database at this version, and a new one's standing without creating anything", async () => {
    const { url, drop } = await target.create();
    try {
      await (await openDatabase(url)).close();
      expect(command(url, "scripts/speed-report.ts").status).toBe(0);
      const { url: empty, drop: dropEmpty } = await target.create();
      try {
        expect(await standingOf(empty)).toEqual({ missing: MIGRATION_NAMES, unknown: [] });
        const left = connectDatabase(empty);
        expect(await left.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual([]);
        await left.close();
      } finally {
        await dropEmpty();
      }
    } finally {
      await drop();
    }
  }, 60_000);
});
