import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { setTimeout as pause } from "node:timers/promises";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";
import { boundedMemo } from "~/memo/bounded-memo";
import { searchFold } from "~/search/search-fold";

/*
 * Kysely ships a SQLite dialect written against better-sqlite3, a native addon; node:sqlite offers
 * the same synchronous model, so we keep Kysely's own compiler, adapter and introspector and give
 * it a driver over node:sqlite (no native compile).
 *
 * The driver keeps two connections to the file (decision record 052). Reads go to one, never
 * waiting: in WAL mode a reader is not blocked by a writer. Writes go to the other, one at a time
 * within the process, and when another process holds the file's one write lock they wait by
 * asynchronous pauses, not inside SQLite's busy handler: that handler sleeps in the calling
 * thread, which is the worker's event loop, so a write waiting out another process's stalled
 * every request the worker had.
 */

/** An in-memory database is one connection's own: two would be two databases. */
export function createNodeSqliteDialect(path: string): Dialect {
  if (path === ":memory:")
    return new SqliteDialect({ database: async () => adaptDatabase(openConnection(path, { timeout: 5000 })) });
  return new ReadWriteSqliteDialect(path);
}

/** The hub runs a few hundred distinct queries; preparing each once saves parsing it on every request. */
const PREPARED_STATEMENT_CACHE_SIZE = 500;

/** How long a write waits for another process's write lock in all (as SQLite's own time-out was). */
export const WRITE_WAIT_MS = 5000;

/** SQLite's own busy handler's pauses, in milliseconds, the last repeated until the wait is over. */
const WRITE_PAUSES_MS = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100];

function openConnection(path: string, options: { timeout: number; readOnly?: boolean }): DatabaseSync {
  const database = new DatabaseSync(path, options);
  // WAL: readers and the writer do not block each other (and the end-to-end tests read the file).
  if (!options.readOnly) database.exec("PRAGMA journal_mode = WAL;");
  database.exec("PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;");
  // Case and accents folded for the title search, as PostgreSQL's search_fold: the triggers that
  // keep listing.folded_title call it (migration 0019).
  database.function("search_fold", { deterministic: true }, (text) =>
    typeof text === "string" ? searchFold(text) : text,
  );
  return database;
}

interface PreparedDatabase {
  close(): void;
  prepare(sql: string): PreparedStatement;
  /** Whether a transaction is open on the connection. */
  inTransaction(): boolean;
}

interface PreparedStatement {
  reader: boolean;
  all(parameters: ReadonlyArray<unknown>): unknown[];
  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown>;
}

function adaptDatabase(database: DatabaseSync): PreparedDatabase {
  // Queries with a varying number of parameters (IN lists, bulk inserts) must not grow the cache without bound.
  const prepare = boundedMemo(PREPARED_STATEMENT_CACHE_SIZE, (sql: string) => adaptStatement(database.prepare(sql)));
  return { close: () => database.close(), prepare, inTransaction: () => database.isTransaction };
}

function adaptStatement(statement: StatementSync): PreparedStatement {
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

function execute<R>(database: PreparedDatabase, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

/** SQLITE_BUSY, or one of its extended codes: another connection holds the lock. */
function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === "number" && (code & 0xff) === 5;
}

/** This process's writes that paused for another's lock, and for how long: the operator's metrics (server/metrics.ts). */
export const sqliteWriteWaits = { count: 0, ms: 0 };

/** Runs `attempt` until it is not refused as busy, pausing between tries without blocking; gives up after WRITE_WAIT_MS. */
export async function retryWhileBusy<T>(attempt: () => T, waitMs = WRITE_WAIT_MS): Promise<T> {
  let waited = 0;
  for (let tries = 0; ; tries++) {
    try {
      return attempt();
    } catch (error) {
      const next = WRITE_PAUSES_MS[Math.min(tries, WRITE_PAUSES_MS.length - 1)] as number;
      if (!isBusy(error) || waited + next > waitMs) throw error;
      if (tries === 0) sqliteWriteWaits.count += 1;
      await pause(next);
      waited += next;
      sqliteWriteWaits.ms += next;
    }
  }
}

/** The writer's turn, one holder at a time, in the order asked. */
class WriteTurn {
  #last: Promise<void> = Promise.resolve();

  /** Resolves when the turn is the caller's, with the function that passes it on. */
  async take(): Promise<() => void> {
    let passOn!: () => void;
    const turn = new Promise<void>((resolve) => (passOn = resolve));
    const before = this.#last;
    this.#last = before.then(() => turn);
    await before;
    return passOn;
  }
}

class ReadWriteSqliteDialect implements Dialect {
  readonly #path: string;
  constructor(path: string) {
    this.#path = path;
  }
  createDriver(): Driver {
    return new ReadWriteSqliteDriver(this.#path);
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new ReadWriteSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/** Kysely puts a single-connection dialect's queries in one queue; this driver orders its writes itself. */
class ReadWriteSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class ReadWriteSqliteDriver implements Driver {
  #reader?: PreparedDatabase;
  #writer?: PreparedDatabase;
  readonly #turn = new WriteTurn();
  readonly #path: string;

  constructor(path: string) {
    this.#path = path;
  }

  async init(): Promise<void> {
    // The writer first: it creates the file and turns on WAL, which the read-only reader needs.
    const writer = openConnection(this.#path, { timeout: WRITE_WAIT_MS });
    // From here on a busy write waits in retryWhileBusy, off the event loop.
    writer.exec("PRAGMA busy_timeout = 0;");
    this.#writer = adaptDatabase(writer);
    this.#reader = adaptDatabase(openConnection(this.#path, { timeout: WRITE_WAIT_MS, readOnly: true }));
  }

  async acquireConnection(): Promise<ReadWriteConnection> {
    return new ReadWriteConnection(this.#reader as PreparedDatabase, this.#writer as PreparedDatabase, this.#turn);
  }

  async beginTransaction(connection: ReadWriteConnection): Promise<void> {
    await connection.begin();
  }

  async commitTransaction(connection: ReadWriteConnection): Promise<void> {
    await connection.end("commit");
  }

  async rollbackTransaction(connection: ReadWriteConnection): Promise<void> {
    await connection.end("rollback");
  }

  async releaseConnection(connection: ReadWriteConnection): Promise<void> {
    connection.release();
  }

  async destroy(): Promise<void> {
    this.#reader?.close();
    this.#writer?.close();
  }
}

/** One query's, or one transaction's, use of the two connections. */
class ReadWriteConnection implements DatabaseConnection {
  #passOn: (() => void) | undefined;
  readonly reader: PreparedDatabase;
  readonly writer: PreparedDatabase;
  readonly turn: WriteTurn;

  constructor(reader: PreparedDatabase, writer: PreparedDatabase, turn: WriteTurn) {
    this.reader = reader;
    this.writer = writer;
    this.turn = turn;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Within a transaction everything reads and writes through it, on the writer, already in turn.
    if (this.#passOn) return execute<R>(this.writer, query);
    if (SelectQueryNode.is(query.query)) return execute<R>(this.reader, query);
    const passOn = await this.turn.take();
    try {
      return await retryWhileBusy(() => execute<R>(this.writer, query));
    } finally {
      passOn();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("Only select queries can be streamed from SQLite");
    for (const row of (this.#passOn ? this.writer : this.reader).prepare(query.sql).iterate(query.parameters))
      yield { rows: [row as R] };
  }

  /** Takes the writer's turn and the file's write lock at once (IMMEDIATE), so no statement inside waits. */
  async begin(): Promise<void> {
    const passOn = await this.turn.take();
    try {
      await retryWhileBusy(() => execute(this.writer, CompiledQuery.raw("begin immediate")));
      this.#passOn = passOn;
    } catch (error) {
      passOn();
      throw error;
    }
  }

  async end(command: "commit" | "rollback"): Promise<void> {
    if (!this.#passOn) return;
    try {
      execute(this.writer, CompiledQuery.raw(command));
    } finally {
      this.release();
    }
  }

  /** Passes the writer's turn on; a transaction still open (a failed commit) is rolled back first, never left to the next holder. */
  release(): void {
    if (!this.#passOn) return;
    try {
      if (this.writer.inTransaction()) execute(this.writer, CompiledQuery.raw("rollback"));
    } finally {
      this.#passOn();
      this.#passOn = undefined;
    }
  }
}
