import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useSearchParams } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import type { ActivityEntry } from "../../activity.server";
import { ActivityLog, type ActivityLogProps } from "./ActivityLog";

const AT = Date.UTC(2026, 10, 25, 17, 0);
const owner = { id: 1, username: "demo", displayName: "Jordan Lee", removed: false };
const zoe = { id: 7, username: "zoë", displayName: "Zoë Ñúñez", removed: true };
const entries: ActivityEntry[] = [
  { id: 3, at: AT, kind: "member-removed", details: { username: "zoë", displayName: "Zoë Ñúñez" }, member: owner },
  {
    id: 2,
    at: AT - 60_000,
    kind: "bulk-change",
    details: { changeId: "AAAAAAAAAAAAAAAAAAAAAA", change: { kind: "set_quantity", amount: 0 }, listings: 2 ** 20 },
    member: zoe,
  },
];
const FILTERED = { member: "7", kind: "bulk-change" };
const props: ActivityLogProps = {
  members: [owner, zoe],
  chosen: { member: "", kind: "" },
  entries,
  next: null,
  first: true,
  locale: "en-US",
};

describe("ActivityLog", () => {
  it("shows who did what and when, newest first, a change leading to its page, a removed member said so", async () => {
    await renderInRouter("/sh/activity", () => (
      <SellerTimeZoneProvider value="America/Los_Angeles">
        <ActivityLog {...props} />
      </SellerTimeZoneProvider>
    ));
    const table = screen.getByRole("table", { name: "Who changed what, newest first" });
    const [, removal, change] = within(table).getAllByRole("row");
    expect(removal).toHaveTextContent(
      "Nov 25, 2026, 9:00 AM PSTJordan Lee (demo)Member removedRemoved Zoë Ñúñez (zoë) from the team",
    );
    expect(within(removal!).queryByRole("link")).not.toBeInTheDocument();
    // Each name a person typed keeps its own direction inside the sentence (an Arabic name and
    // username would otherwise swap the parentheses around them).
    const what = within(removal!).getAllByRole("cell").at(-1)!;
    expect([...what.querySelectorAll("bdi")].map((name) => name.textContent)).toEqual(["Zoë Ñúñez", "zoë"]);
    // And so does the member who did it, in the Who column.
    const who = within(removal!).getAllByRole("cell")[0]!;
    expect([...who.querySelectorAll("bdi")].map((name) => name.textContent)).toEqual(["Jordan Lee", "demo"]);
    expect(change).toHaveTextContent("Zoë Ñúñez (zoë), removedBulk change");
    expect(within(change!).getByRole("link", { name: "Quantity set to 0, 1,048,576 listings" })).toHaveAttribute(
      "href",
      "/sh/lst/prices/AAAAAAAAAAAAAAAAAAAAAA",
    );
    expect(screen.getByRole("link", { name: "Download the activity (CSV)" })).toHaveAttribute(
      "href",
      "/sh/activity/export",
    );
    expect(screen.queryByRole("navigation", { name: "Pages of the activity" })).not.toBeInTheDocument();
  });

  it("filters by a plain form, and keeps the filters on the file and the pages", async () => {
    await renderInRouter("/sh/activity", () => (
      <ActivityLog {...props} chosen={FILTERED} next="1764090000000_2" first={false} />
    ));
    // A search landmark; jsdom does not know the <search> element's role yet, Chromium does (e2e).
    const filters = document.querySelector("search") as HTMLElement;
    expect(filters).toHaveAttribute("aria-label", "Filter the activity");
    expect(within(filters).getByRole("combobox", { name: "Member" })).toHaveValue("7");
    expect(within(filters).getByRole("option", { name: "Zoë Ñúñez (zoë), removed" })).toBeInTheDocument();
    expect(within(filters).getByRole("combobox", { name: "Kind of change" })).toHaveValue("bulk-change");
    expect(filters.querySelector("form")).toHaveAttribute("method", "get");
    expect(screen.getByRole("link", { name: "Download this filtered activity (CSV)" })).toHaveAttribute(
      "href",
      "/sh/activity/export?member=7&kind=bulk-change",
    );
    const pages = screen.getByRole("navigation", { name: "Pages of the activity" });
    expect(within(pages).getByRole("link", { name: "Older entries" })).toHaveAttribute(
      "href",
      "/sh/activity?member=7&kind=bulk-change&before=1764090000000_2",
    );
    expect(within(pages).getByRole("link", { name: "Newest entries" })).toHaveAttribute(
      "href",
      "/sh/activity?member=7&kind=bulk-change",
    );
  });

  it("takes the focus to the entries' heading once filters are applied, though the newest entry is the same", async () => {
    // The form is made anew for the filters shown, and the "Show" button pressed with it: focus
    // was left on the page's body when the newest entry still matched (an audit of 2026-11-29).
    function Filtered() {
      const [search] = useSearchParams();
      return <ActivityLog {...props} chosen={{ member: search.get("member") ?? "", kind: search.get("kind") ?? "" }} />;
    }
    const Stub = createRoutesStub([{ path: "/sh/activity", Component: Filtered }]);
    render(<Stub initialEntries={["/sh/activity"]} />);
    const member = await screen.findByRole("combobox", { name: "Member" });
    await userEvent.selectOptions(member, "1");
    await userEvent.click(screen.getByRole("button", { name: "Show" }));
    expect(await screen.findByRole("combobox", { name: "Member" })).toHaveValue("1");
    expect(screen.getByRole("heading", { name: "Entries" })).toHaveFocus();
  });

  it("says when nothing matches the filters, and how to see everything", async () => {
    await renderInRouter("/sh/activity", () => <ActivityLog {...props} chosen={FILTERED} entries={[]} />);
    expect(
      screen.getByText("Nothing matches these filters. Choose Everyone and All kinds to see the whole log."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says a page past the last has no older entries, rather than that nothing was done", async () => {
    await renderInRouter("/sh/activity?before=1_1", () => <ActivityLog {...props} entries={[]} first={false} />);
    expect(screen.getByText("There are no older entries. The log keeps a year.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Newest entries" })).toHaveAttribute("href", "/sh/activity");
  });
});
