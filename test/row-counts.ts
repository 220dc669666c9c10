import { DatabaseSync } from "node:sqlite";

/** How many rows each of the hub's tables holds in the SQLite file at `path` (not SQLite's or Kysely's own). */
export function rowCounts(path: string): Record<string, number> {
  const database = new DatabaseSync(path, { readOnly: true });
  const tables = database
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
    )
    .all() as Array<{ name: string }>;
  const counts = Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (database.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n,
    ]),
  );
  database.close();
  return counts;
}
