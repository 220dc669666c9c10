import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { openDatabase, type Database } from "~/db/database.server";

export interface TestDialect {
  name: "SQLite" | "PostgreSQL";
  /** A new, empty database of this dialect, migrated (up to `lastMigration` if given); `database.close()` drops it. */
  open(lastMigration?: string): Promise<Database>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

async function administer(baseUrl: string, statement: string): Promise<void> {
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty PostgreSQL database of its own, so parallel runs on one server never meet. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `seller_hub_test_${randomBytes(6).toString("hex")}`;
  await administer(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => administer(baseUrl, `drop database if exists ${name} with (force)`) };
}

/** A database of its own per test file, so parallel runs on one server never meet. */
async function openPostgres(baseUrl: string, lastMigration?: string): Promise<Database> {
  const { url, drop } = await createPostgresDatabase(baseUrl);
  const database = await openDatabase(url, lastMigration);
  return {
    ...database,
    async close() {
      await database.close();
      await drop();
    },
  };
}

export const TEST_DIALECTS: TestDialect[] = [
  { name: "SQLite", open: (lastMigration) => openDatabase("sqlite::memory:", lastMigration) },
  ...(postgresUrl
    ? [{ name: "PostgreSQL" as const, open: (lastMigration?: string) => openPostgres(postgresUrl, lastMigration) }]
    : []),
];

if (!postgresUrl) {
  console.info(
    "PostgreSQL data-layer tests skipped: TEST_DATABASE_URL is not set (CI sets it to the machine's PostgreSQL).",
  );
}

export { postgresUrl as TEST_DATABASE_URL };
