/**
 * `npm run messages:add -- FILE.json`: adds a message for one seller or for every seller to the
 * database of DATABASE_URL, after checking the file against the same schema the pages use.
 * A refused file writes nothing, says why, and exits with 1.
 *
 *   { "audience": { "seller": "demo" } | "all", "startsAt": "2026-07-01", "endsAt": "2026-07-31T18:00:00Z",
 *     "model": { "title": "…", "type": "info", "message": "…", "controls": [{ "name": "cross" }], "config": { "maxViews": 3 } } }
 *
 * or, in several languages (an English one required): "model": { "languages": { "en-US": {…}, "de-DE": {…} } }
 */
import { readFileSync } from "node:fs";
import { isoTime, openOperatorDatabase, refuse } from "./operator-database.ts";

const { addMessage } = await import("../app/messages/messages.server.ts");
const NOTHING_WRITTEN = "nothing was written";

const paths = process.argv.slice(2);
if (paths.length !== 1) refuse(["Usage: npm run messages:add -- FILE.json (one file)"], NOTHING_WRITTEN);
const path = paths[0] as string;

let file: unknown;
try {
  file = JSON.parse(readFileSync(path, "utf8"));
} catch (error) {
  refuse(
    [`${path} could not be read as JSON: ${error instanceof Error ? error.message : String(error)}`],
    NOTHING_WRITTEN,
  );
}

const database = await openOperatorDatabase(NOTHING_WRITTEN);
const result = await addMessage(database.db, file).finally(() => database.close());
if (!result.ok)
  refuse(
    result.reasons.map((reason) => `${path}: ${reason}`),
    NOTHING_WRITTEN,
  );

console.log(
  `Added message ${result.id} for ${result.audience}: shown from ${isoTime(result.startsAt)} ${result.endsAt === null ? "with no end" : `until ${isoTime(result.endsAt)}`}; ` +
    `its cookies are named shui-messages-${result.messageId}-….`,
);
