/**
 * What the operators' commands share: one way to refuse, and the database of DATABASE_URL,
 * opened only if it exists (a command never creates an empty database by mistake) and only as
 * the hub serving it left it: a command never migrates it. One run from a newer checkout would
 * otherwise change production's tables under the version still serving them; so a database at
 * another version than the command's is refused, with the way to the right one.
 */
import { existsSync } from "node:fs";
import { registerAppModules } from "./app-modules.ts";

registerAppModules();
const { DEFAULT_DATABASE_URL, connectDatabase, schemaStanding, sqlitePathOf } =
  await import("../app/db/database.server.ts");

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
  const database = connectDatabase(url);
  const { missing, unknown } = await schemaStanding(database).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  if (missing.length === 0 && unknown.length === 0) return database;
  await database.close();
  refuse(
    [
      unknown.length > 0
        ? `The database was brought up to a newer version of the hub than this one (it has ${unknown.join(", ")}): run the command from the version that serves it.`
        : `The database is at an older version of the hub than this one (it lacks ${missing.join(", ")}): run the command from the version that serves it, or start this version (npm start) to bring the database up first.`,
    ],
    outcome,
    exitCode,
  );
}

export const isoTime = (time: number) => new Date(time).toISOString();
