/**
 * `npm run messages:add -- FILE.json`: adds a message for one seller or for every seller to the
 * database of DATABASE_URL, after checking the file against the same schema the pages use.
 * A refused file writes nothing, says why, and exits with 1.
 *
 *   { "audience": { "seller": "demo" } | "all", "startsAt": "2026-07-01", "endsAt": "2026-07-31T18:00:00Z",
 *     "model": { "title": "…", "type": "info", "message": "…", "controls": [{ "name": "cross" }], "config": { "maxViews": 3 } } }
 */
import { existsSync, readFileSync } from "node:fs";
import { registerAppModules } from "./app-modules.ts";

registerAppModules();
const { DEFAULT_DATABASE_URL, openDatabase, sqlitePathOf } = await import("../app/db/database.server.ts");
const { addMessage } = await import("../app/messages/messages.server.ts");

function refuse(reasons: string[]): never {
  console.error(`Refused: nothing was written.\n${reasons.map((reason) => `  - ${reason}`).join("\n")}`);
  process.exit(1);
}

const paths = process.argv.slice(2);
if (paths.length !== 1) refuse(["Usage: npm run messages:add -- FILE.json (one file)"]);
const path = paths[0] as string;

let file: unknown;
try {
  file = JSON.parse(readFileSync(path, "utf8"));
} catch (error) {
  refuse([`${path} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`]);
}

const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const sqlitePath = sqlitePathOf(url);
if (sqlitePath !== undefined && sqlitePath !== ":memory:" && !existsSync(sqlitePath)) {
  refuse([`There is no database at ${sqlitePath}: start the hub once (npm start) to create it, or set DATABASE_URL.`]);
}
const database = await openDatabase(url);
const result = await addMessage(database.db, file).finally(() => database.close());
if (!result.ok) refuse(result.reasons.map((reason) => `${path}: ${reason}`));

const date = (time: number) => new Date(time).toISOString();
console.log(
  `Added message ${result.id} for ${result.audience}: shown from ${date(result.startsAt)} ${result.endsAt === null ? "with no end" : `until ${date(result.endsAt)}`}; ` +
    `its cookies are named shui-messages-${result.messageId}-….`,
);
