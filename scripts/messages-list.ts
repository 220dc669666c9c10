/**
 * `npm run messages:list`: the messages of DATABASE_URL's database that are showing or will show,
 * soonest first, with the ids `npm run messages:end` takes.
 */
import { isoTime, openOperatorDatabase } from "./operator-database.ts";

const { listScheduledMessages } = await import("../app/messages/message-schedule.server.ts");

const database = await openOperatorDatabase();
const messages = await listScheduledMessages(database.db).finally(() => database.close());
if (messages.length === 0) console.log("No message is showing or scheduled.");
for (const message of messages) {
  const until = message.endsAt === null ? "with no end" : `until ${isoTime(message.endsAt)}`;
  console.log(
    `${message.id}\t${message.state} from ${isoTime(message.startsAt)} ${until}\tfor ${message.audience}\t${message.summary}`,
  );
}
