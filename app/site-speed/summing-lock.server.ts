/**
 * The summing's turn on PostgreSQL, where several serving processes share one database: one
 * summing at a time (sum-beacons.server.ts), and none while a first view of an account sums its
 * hours over every segment (hours-over-segments.server.ts). A transaction-scoped advisory lock:
 * it ends with the transaction. On SQLite each of these is a write transaction, which the file's
 * one writer takes in turn (`begin immediate`).
 */
import { sql, type Transaction } from "kysely";
import type { DatabaseSchema } from "~/db/schema";

const LOCK = sql`hashtext('seller-hub:sum-beacons')`;

/** The summing's turn, if no one else holds it (another summing, or a first view's sums). */
export async function trySummingTurn(trx: Transaction<DatabaseSchema>): Promise<boolean> {
  const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_xact_lock(${LOCK}) as got`.execute(trx);
  return rows[0]?.got === true;
}

/**
 * Waits until no summing holds its turn, then keeps the summing out until the transaction ends;
 * first views of several accounts share it. Gives up after `timeoutMs` (the error is
 * PostgreSQL's lock_timeout): a request must not hold its pool connection for long.
 */
export async function holdOffSumming(trx: Transaction<DatabaseSchema>, timeoutMs: number): Promise<void> {
  await sql`select set_config('lock_timeout', ${`${timeoutMs}ms`}, true)`.execute(trx);
  await sql`select pg_advisory_xact_lock_shared(${LOCK})`.execute(trx);
}
