/**
 * What the operators' commands share: one way to refuse, and the database of DATABASE_URL,
 * opened only if it exists (a command never creates an empty database by mistake).
 */
import { existsSync } from "node:fs";
import { registerAppModules } from "./app-modules.ts";

registerAppModules();
const { DEFAULT_DATABASE_URL, openDatabase, sqlitePathOf } = await import("../app/db/database.server.ts");

/** Says why nothing changed, and exits with `exitCode` (1, unless a command gives 1 a meaning of its own). */
export function refuse(reasons: string[], outcome = "nothing was changed", exitCode = 1): never {
  console.error(`Refused: ${outcome}.\n${reasons.map((reason) => `  - ${reason}`).join("\n")}`);
  process.exit(exitCode);
}

export async function openOperatorDatabase(outcome?: string, exitCode?: number) {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const sqlitePath = sqlitePathOf(url);
  if (sqlitePath !== undefined && sqlitePath !== ":memory:" && !existsSync(sqlitePath)) {
    refuse(
      [`There is no database at ${sqlitePath}: start the hub once (npm start) to create it, or set DATABASE_URL.`],
      outcome,
      exitCode,
    );
  }
  return openDatabase(url);
}

export const isoTime = (time: number) => new Date(time).toISOString();
