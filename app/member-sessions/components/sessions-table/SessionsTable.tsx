import { useId } from "react";
import { Form } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import type { Text } from "~/i18n/language-text";
import { useText } from "~/i18n/text";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime, type HubTimeZone } from "~/time/time-zones";
import type { MemberSession } from "../../member-sessions.server";

export interface SessionsTableProps {
  /** The member's sessions in use, this browser's first. */
  sessions: MemberSession[];
  locale: string;
  srt: string;
}

/** "Chrome 131 on Linux" in the member's language, or as much of it as the browser said. */
export function browserName({ browser, system }: Pick<MemberSession, "browser" | "system">, text: Text): string {
  if (browser && system) return text("sessions.browser", { browser, system });
  if (browser) return browser;
  return system ? text("sessions.browser.unnamed", { system }) : text("sessions.browser.unknown");
}

/**
 * The member's signed-in sessions: the browser, when it signed in and was last used, where from;
 * each other one with its own Sign out, and all the others at once.
 */
export function SessionsTable({ sessions, locale, srt }: SessionsTableProps) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <>
      <TableScroll label={text("sessions.region")}>
        <table className="data-table">
          <caption>{text("sessions.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{text("sessions.column.browser")}</th>
              <th scope="col">{text("sessions.column.signedIn")}</th>
              <th scope="col">{text("sessions.column.lastUsed")}</th>
              <th scope="col">{text("sessions.column.from")}</th>
              <th scope="col">{text("sessions.column.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} locale={locale} timeZone={timeZone} srt={srt} />
            ))}
          </tbody>
        </table>
      </TableScroll>
      {others > 1 && (
        <Form method="post">
          <input type="hidden" name="srt" value={srt} />
          <button type="submit" name="intent" value="end-others" className="button">
            {text("sessions.endOthers", { count: others })}
          </button>
        </Form>
      )}
    </>
  );
}

function SessionRow({
  session,
  locale,
  timeZone,
  srt,
}: {
  session: MemberSession;
  locale: string;
  timeZone: HubTimeZone;
  srt: string;
}) {
  const text = useText();
  const ids = { name: useId(), end: useId(), signedIn: useId() };
  return (
    <tr>
      <th scope="row" id={ids.name}>
        {browserName(session, text)}
        {session.current && <strong> {text("sessions.current")}</strong>}
      </th>
      <td id={ids.signedIn}>{formatTime(session.signedInAt, locale, timeZone)}</td>
      <td>{formatTime(session.lastUsedAt, locale, timeZone)}</td>
      <td>{session.address ?? text("sessions.unknownAddress")}</td>
      <td>
        {session.current ? (
          text("sessions.currentHint")
        ) : (
          <Form method="post">
            <input type="hidden" name="srt" value={srt} />
            <input type="hidden" name="session" value={session.id} />
            <button
              type="submit"
              name="intent"
              value="end"
              className="button"
              id={ids.end}
              // Two sessions of one browser differ by when they signed in.
              aria-labelledby={`${ids.end} ${ids.name} ${ids.signedIn}`}
            >
              {text("sessions.end")}
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}
