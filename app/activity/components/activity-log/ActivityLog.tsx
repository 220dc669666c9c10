import { useEffect, useRef } from "react";
import { Form, href, Link } from "react-router";
import { FilterSelect, type FilterOptions } from "~/components/filter-select/FilterSelect";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import type { Text } from "~/i18n/language-text";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";
import { useText } from "~/i18n/text";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS } from "../../activity-kinds";
import { changeIdOf, describeActivity } from "../../activity-text";
import type { ActivityEntry, ActivityMember } from "../../activity.server";

export interface ActivityLogProps {
  /** Everyone who has been on the team, removed members too. */
  members: ActivityMember[];
  /** The filters as the address has them ("" for all). */
  chosen: { member: string; kind: string };
  /** A page of entries, newest first. */
  entries: ActivityEntry[];
  /** The `before` of the next (older) page; null on the last. */
  next: string | null;
  /** Whether this is the newest page. */
  first: boolean;
  locale: string;
}

/** "Sam Rivera (demo-manager)", and ", removed" once they are: two members may share a name, never a username. */
/** A member by name and username; `typed` is given each (the table's cells isolate them, the select's options cannot). */
function memberName(member: ActivityMember, text: Text, typed: (value: string) => string = (value) => value): string {
  return text("activity.member.option", {
    name: typed(member.displayName),
    username: typed(member.username),
    removed: member.removed ? "yes" : "no",
  });
}

/**
 * The account's activity: a filter form (a GET, so it works without scripts too), the file of
 * what it shows, and a table of who did what and when, an older page at a time.
 */
export function ActivityLog({ members, chosen, entries, next, first, locale }: ActivityLogProps) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  const memberOptions: FilterOptions = [
    ["", text("activity.member.all")],
    ...members.map((member): [string, string] => [String(member.id), memberName(member, text)]),
  ];
  const kindOptions: FilterOptions = [
    ["", text("activity.kind.all")],
    ...ACTIVITY_KINDS.map((kind): [string, string] => [kind, text(ACTIVITY_KIND_LABELS[kind])]),
  ];
  const filters = new URLSearchParams(Object.entries(chosen).filter(([, value]) => value !== ""));
  const withFilters = (path: string, more: Record<string, string> = {}) => {
    const search = new URLSearchParams([...filters, ...Object.entries(more)]).toString();
    return search ? `${path}?${search}` : path;
  };
  const filtered = chosen.member !== "" || chosen.kind !== "";
  // Another page of entries replaces the link that was followed (on the last, "Older entries" is
  // gone), and filters applied make the form anew (its key), the "Show" button pressed with it:
  // the focus goes to the entries' heading rather than to the page's body. The filters count
  // apart from the first entry: filtered by the most active member, the newest entry is often the
  // same (an audit of 2026-11-29).
  const shownEntries = `${chosen.member}/${chosen.kind}/${entries[0]?.id ?? ""}`;
  const entriesHeading = useRef<HTMLHeadingElement>(null);
  const shownBefore = useRef(shownEntries);
  useEffect(() => {
    if (shownBefore.current === shownEntries) return;
    shownBefore.current = shownEntries;
    entriesHeading.current?.focus();
  }, [shownEntries]);
  return (
    <div className="activity-page">
      <p>{text("activity.kept")}</p>
      <search aria-label={text("activity.filters")}>
        {/* Keyed by the filters, so that Back and Forward show the choices of the entries shown. */}
        <Form method="get" className="filter-form" key={`${chosen.member}/${chosen.kind}`}>
          <FilterSelect
            id="activity-member"
            name="member"
            label={text("activity.member.label")}
            options={memberOptions}
            value={chosen.member}
          />
          <FilterSelect
            id="activity-kind"
            name="kind"
            label={text("activity.kind.label")}
            options={kindOptions}
            value={chosen.kind}
          />
          <button type="submit" className="button button--primary filter-form__apply">
            {text("activity.show")}
          </button>
        </Form>
      </search>
      <section aria-labelledby="activity-entries">
        <h2 id="activity-entries" ref={entriesHeading} tabIndex={-1}>
          {text("activity.entries")}
        </h2>
        {entries.length === 0 ? (
          <p className="empty-state">
            {text(!first ? "activity.noneOlder" : filtered ? "activity.noneMatching" : "activity.none")}
          </p>
        ) : (
          <>
            <p>
              {/* A file, not a page: the browser downloads it, so a plain link rather than the router's. */}
              <a href={withFilters(href("/sh/activity/export"))} download>
                {text(filtered ? "activity.exportFiltered" : "activity.export")}
              </a>
            </p>
            <TableScroll label={text("activity.region")}>
              <table className="data-table">
                <caption>{text("activity.caption")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text("activity.column.when")}</th>
                    <th scope="col">{text("activity.column.who")}</th>
                    <th scope="col">{text("activity.column.kind")}</th>
                    <th scope="col">{text("activity.column.what")}</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => {
                    const changeId = changeIdOf(entry);
                    const what = describeActivity(entry, locale, text, isolate);
                    return (
                      <tr key={entry.id}>
                        <th scope="row">{formatTime(entry.at, locale, timeZone)}</th>
                        <td>
                          <Isolated text={memberName(entry.member, text, isolate)} />
                        </td>
                        <td>{text(ACTIVITY_KIND_LABELS[entry.kind])}</td>
                        <td>
                          {changeId ? (
                            <Link prefetch="intent" to={href("/sh/lst/prices/:changeId", { changeId })}>
                              <Isolated text={what} />
                            </Link>
                          ) : (
                            <Isolated text={what} />
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
        {(next || !first) && (
          <nav aria-label={text("activity.pagination")} className="activity-page__pages">
            {!first && <Link to={withFilters(href("/sh/activity"))}>{text("activity.newest")}</Link>}
            {next && <Link to={withFilters(href("/sh/activity"), { before: next })}>{text("activity.older")}</Link>}
          </nav>
        )}
      </section>
    </div>
  );
}
