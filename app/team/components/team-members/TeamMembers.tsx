import { useId } from "react";
import { Form, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { useText } from "~/i18n/text";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import type { PendingInvitation, TeamMember } from "../../team.server";

export interface TeamMembersProps {
  members: TeamMember[];
  invitations: PendingInvitation[];
  /** The page's language's locale, for dates. */
  locale: string;
  srt: string;
}

/**
 * The account's members, each non-owner with their role to change and ways to be removed or made
 * the owner (each asked first, on the page itself), and the invitations still waiting, each to withdraw.
 */
export function TeamMembers({ members, invitations, locale, srt }: TeamMembersProps) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  return (
    <>
      <section>
        <h2>{text("team.members.heading")}</h2>
        <TableScroll label={text("team.members.heading")}>
          <table className="data-table team-members">
            <thead>
              <tr>
                <th scope="col">{text("team.column.name")}</th>
                <th scope="col">{text("team.column.username")}</th>
                <th scope="col">{text("team.column.role")}</th>
                <th scope="col">{text("team.column.joined")}</th>
                <th scope="col">{text("team.column.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow key={member.id} member={member} locale={locale} timeZone={timeZone} srt={srt} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      <section>
        <h2>{text("team.invitations.heading")}</h2>
        {invitations.length === 0 ? (
          <p>{text("team.invitations.none")}</p>
        ) : (
          <TableScroll label={text("team.invitations.heading")}>
            <table className="data-table team-invitations">
              <thead>
                <tr>
                  <th scope="col">{text("team.column.username")}</th>
                  <th scope="col">{text("team.column.role")}</th>
                  <th scope="col">{text("team.column.expires")}</th>
                  <th scope="col">{text("team.column.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <InvitationRow
                    key={invitation.id}
                    invitation={invitation}
                    until={formatTime(invitation.expiresAt, locale, timeZone)}
                    srt={srt}
                  />
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  );
}

function MemberRow({
  member,
  locale,
  timeZone,
  srt,
}: {
  member: TeamMember;
  locale: string;
  timeZone: string;
  srt: string;
}) {
  const text = useText();
  // The question links' ids are the page's: Keep and Stay lead back to them by the address's hash.
  const ids = { name: useId(), change: useId(), remove: `remove-${member.id}`, handover: `handover-${member.id}` };
  return (
    <tr>
      {/* A name in its own direction, as the username beside it (an audit of 2026-11-29). */}
      <th scope="row" id={ids.name} dir="auto">
        {member.displayName}
      </th>
      <td dir="auto">{member.username}</td>
      <td>
        {member.role === "owner" ? (
          text("team.role", { role: member.role })
        ) : (
          <Form method="post" className="team-members__role">
            <input type="hidden" name="srt" value={srt} />
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="member" value={member.id} />
            <select
              name="role"
              defaultValue={member.role}
              aria-label={text("team.changeRole.label", { name: member.displayName })}
            >
              {(["manager", "viewer"] as const).map((role) => (
                <option key={role} value={role}>
                  {text("team.role", { role })}
                </option>
              ))}
            </select>
            {/* Named by its words and the member's: "Change role Sam Rivera" (the visible words first, WCAG 2.5.3). */}
            <button type="submit" className="button" id={ids.change} aria-labelledby={`${ids.change} ${ids.name}`}>
              {text("team.changeRole.submit")}
            </button>
          </Form>
        )}
      </td>
      <td>{formatTime(member.joinedAt, locale, timeZone)}</td>
      <td>
        {member.role === "owner" ? (
          text("team.owner.fixed")
        ) : (
          <div className="team-members__actions">
            <Link
              to={`?remove=${member.id}`}
              id={ids.remove}
              aria-labelledby={`${ids.remove} ${ids.name}`}
              preventScrollReset
            >
              {text("team.remove.link")}
            </Link>
            <Link
              to={`?handover=${member.id}`}
              id={ids.handover}
              aria-labelledby={`${ids.handover} ${ids.name}`}
              preventScrollReset
            >
              {text("team.handover.link")}
            </Link>
          </div>
        )}
      </td>
    </tr>
  );
}

function InvitationRow({ invitation, until, srt }: { invitation: PendingInvitation; until: string; srt: string }) {
  const text = useText();
  const ids = { username: useId(), withdraw: useId() };
  return (
    <tr>
      <th scope="row" id={ids.username} dir="auto">
        {invitation.username}
      </th>
      <td>{text("team.role", { role: invitation.role })}</td>
      <td>{until}</td>
      <td>
        <Form method="post">
          <input type="hidden" name="srt" value={srt} />
          <input type="hidden" name="intent" value="withdraw" />
          <input type="hidden" name="invitation" value={invitation.id} />
          <button
            type="submit"
            className="button"
            id={ids.withdraw}
            aria-labelledby={`${ids.withdraw} ${ids.username}`}
          >
            {text("team.withdraw.submit")}
          </button>
        </Form>
      </td>
    </tr>
  );
}
