import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, sql, type PostgresPool } from "kysely";
import { Migrator } from "kysely/migration";
import { Client, Pool, types } from "pg";
import { countQueryTime } from "../http/server-timing.server";
import type { DatabaseSchema } from "./schema";
import type { Dialect } from "./migrations/dialect.server";
import { migrationProvider } from "./migrations/index.server";
import { createNodeSqliteDialect } from "./node-sqlite-dialect.server";

export type { Dialect };

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL's pool as it is now, for the operator's metrics; SQLite has none. */
  connections?(): { open: number; idle: number; waiting: number };
}

export const DEFAULT_DATABASE_URL = "sqlite:data/seller-hub.db";

/**
 * This process's waits for a connection of PostgreSQL's pool (every one was busy), and their time,
 * for the operator's metrics: the pool's "waiting" gauge says only how many wait at the scrape.
 */
export const poolWaits = { count: 0, ms: 0 };

/** Rows written or read by id per statement: within SQLite's and PostgreSQL's limits on a statement's parameters. */
const ROWS_PER_STATEMENT = 500;

/** `items` in runs of at most ROWS_PER_STATEMENT: one statement's rows or ids each. */
export function* byStatement<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT)
    yield items.slice(start, start + ROWS_PER_STATEMENT);
}

/**
 * `postgres://…` picks PostgreSQL (several instances share it); `sqlite:PATH`, or nothing,
 * picks an embedded SQLite file. It is migrated to the latest migration, or up to `lastMigration`
 * (a test of a migration opens the database as it was before it).
 */
export async function openDatabase(
  url: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  lastMigration?: string,
): Promise<Database> {
  const database = connectDatabase(url);
  try {
    await migrate(database, lastMigration);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** The database of `url` as it is: not migrated (an operator's command reads it as the hub left it). */
export function connectDatabase(url: string): Database {
  return isPostgresUrl(url) ? openPostgres(url) : openSqlite(url);
}

function openPostgres(url: string): Database {
  // Times are epoch milliseconds in bigint columns: well inside Number's exact range.
  types.setTypeParser(types.builtins.INT8, Number);
  const pool = new Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5000,
  });
  // A client losing its connection must not crash the server: idle ones are reported by the pool,
  // checked-out ones by themselves (their query fails too, and the pool replaces them).
  pool.on("error", (error) => console.error("database: idle connection lost:", error.message));
  pool.on("connect", (client) =>
    client.on("error", (error) => console.error("database: connection lost:", error.message)),
  );
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool: countingWaits(pool), controlClient: Client }),
    log: countQueryTime,
  });
  return {
    db,
    dialect: "postgres",
    close: () => db.destroy(),
    connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * The pool as Kysely asks it for connections, each asked for while every connection is busy
 * counted and timed in `poolWaits`: when the requests already waiting take every idle connection
 * and every one the pool may still open. (pg's Pool queues even a request an idle connection will
 * serve, and hands it over on the next tick, so "none idle" alone missed the requests of one tick.)
 */
function countingWaits(pool: Pool): PostgresPool {
  // The size the pool keeps to, not the setting: pg's Pool takes 10 for a size of 0 or not a number.
  const max = pool.options.max;
  return {
    async connect() {
      const free = pool.idleCount + Math.max(0, max - pool.totalCount);
      if (pool.waitingCount < free) return pool.connect();
      const asked = performance.now();
      try {
        return await pool.connect();
      } finally {
        poolWaits.count += 1;
        poolWaits.ms += performance.now() - asked;
      }
    },
    end: () => pool.end(),
    // Kysely opens a client with the pool's options to cancel a query (its class: `controlClient`).
    options: pool.options,
  };
}

/** The file of an SQLite URL; undefined for PostgreSQL. */
export function sqlitePathOf(url: string): string | undefined {
  return isPostgresUrl(url) ? undefined : url.replace(/^sqlite:(\/\/)?/, "");
}

function isPostgresUrl(url: string): boolean {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

function openSqlite(url: string): Database {
  const path = sqlitePathOf(url) as string;
  if (path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const db = new Kysely<DatabaseSchema>({ dialect: createNodeSqliteDialect(path), log: countQueryTime });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

export async function migrate({ db, dialect }: Database, lastMigration?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await (lastMigration === undefined
    ? migrator.migrateToLatest()
    : migrator.migrateTo(lastMigration));
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

/** Where a database stands against this version's migrations. */
export interface SchemaStanding {
  /** This version's migrations the database has not had, oldest first. */
  missing: string[];
  /** Migrations the database has had that this version does not know (a newer version ran them). */
  unknown: string[];
}

/**
 * Reads, and changes nothing in the database: no migration runs, and the migrations' table is
 * only read if it is there (an SQLite file is created by connecting, empty).
 */
export async function schemaStanding({ db, dialect }: Database): Promise<SchemaStanding> {
  const migrations = await new Migrator({ db, provider: migrationProvider(dialect) }).getMigrations();
  const missing = migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name);
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return { missing, unknown: [] };
  const known = new Set(migrations.map((migration) => migration.name));
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return { missing, unknown: rows.map((row) => row.name).filter((name) => !known.has(name)) };
}

/** True when the database answers a trivial query within a second. */
export async function isDatabaseReachable({ db }: Database): Promise<boolean> {
  try {
    await Promise.race([
      sql`select 1`.execute(db),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1000).unref()),
    ]);
    return true;
  } catch {
    return false;
  }
}
