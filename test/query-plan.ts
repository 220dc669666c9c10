import { CompiledQuery, type Compilable } from "kysely";
import type { Database } from "~/db/database.server";

/** The plan each dialect's EXPLAIN gives for a query, one step a line. */
export async function queryPlan({ db, dialect }: Database, query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const explain = dialect === "sqlite" ? `explain query plan ${text}` : `explain ${text}`;
  const { rows } = await db.executeQuery<Record<string, string>>(CompiledQuery.raw(explain, [...parameters]));
  return rows.map((row) => (dialect === "sqlite" ? row.detail : row["QUERY PLAN"])).join("\n");
}
