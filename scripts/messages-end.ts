/**
 * `npm run messages:end -- ID`: ends a message now, in the database of DATABASE_URL. Sellers stop
 * seeing it at their next page load; a scheduled one never shows. `npm run messages:list` shows
 * the ids. An unknown or already ended message changes nothing, says why, and exits with 1.
 */
import { isoTime, openOperatorDatabase, refuse } from "./operator-database.ts";

const { endMessage } = await import("../app/messages/message-schedule.server.ts");

const ids = process.argv.slice(2);
if (ids.length !== 1 || !/^[1-9][0-9]{0,15}$/.test(ids[0] as string))
  refuse(["Usage: npm run messages:end -- ID (one message id, as messages:list shows it)"]);

const database = await openOperatorDatabase();
const result = await endMessage(database.db, Number(ids[0])).finally(() => database.close());
if (!result.ok) refuse([result.reason]);

const { message } = result;
console.log(
  `Ended message ${message.id} for ${message.audience} ("${message.summary}") at ${isoTime(message.endsAt as number)}.`,
);
