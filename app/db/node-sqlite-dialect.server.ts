import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import { boundedMemo } from "~/memo/bounded-memo";

/**
 * Kysely ships a SQLite dialect written against better-sqlite3, a native addon.
 * node:sqlite offers the same synchronous model, so a thin adapter lets us keep
 * Kysely's own, well-tested dialect without compiling anything.
 */
export function createNodeSqliteDialect(path: string): SqliteDialect {
  return new SqliteDialect({ database: async () => openNodeSqlite(path) });
}

/** The hub runs a few hundred distinct queries; preparing each once saves parsing it on every request. */
const PREPARED_STATEMENT_CACHE_SIZE = 500;

function openNodeSqlite(path: string): SqliteDatabase {
  const database = new DatabaseSync(path, { timeout: 5000 });
  // WAL lets the end-to-end tests read the file while the server writes it.
  database.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  // Queries with a varying number of parameters (IN lists, bulk inserts) must not grow the cache without bound.
  const prepare = boundedMemo(PREPARED_STATEMENT_CACHE_SIZE, (sql: string) => adaptStatement(database.prepare(sql)));
  return { close: () => database.close(), prepare };
}

function adaptStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqlite(parameters)),
    run: (parameters) => statement.run(...toSqlite(parameters)),
    iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
  };
}

/** node:sqlite binds neither booleans nor undefined. */
function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
