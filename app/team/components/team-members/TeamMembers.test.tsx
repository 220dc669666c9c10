import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import { TeamMembers } from "./TeamMembers";

const JOINED = Date.UTC(2026, 10, 20, 17, 0);
const members = [
  { id: 1, username: "demo", displayName: "Jordan Lee", role: "owner" as const, joinedAt: JOINED },
  { id: 7, username: "zoë", displayName: "Zoë Ñúñez", role: "manager" as const, joinedAt: JOINED },
];
const invitations = [{ id: 3, username: "sam", role: "viewer" as const, expiresAt: JOINED + 7 * 86_400_000 }];

describe("TeamMembers", () => {
  it("lists the members, the owner's role fixed, each other's role to change and ways to remove them or make them the owner, named by their name", async () => {
    await renderInRouter("/sh/team", () => (
      <SellerTimeZoneProvider value="America/Los_Angeles">
        <TeamMembers members={members} invitations={invitations} locale="en-US" srt="token" />
      </SellerTimeZoneProvider>
    ));
    const table = within(screen.getByRole("region", { name: "Members" })).getByRole("table");
    const [, owner, manager] = within(table).getAllByRole("row");
    expect(owner).toHaveTextContent("An account has one owner. To hand it over, make another member the owner.");
    expect(within(owner!).queryByRole("button")).not.toBeInTheDocument();
    expect(within(owner!).queryByRole("link")).not.toBeInTheDocument();
    expect(within(manager!).getByRole("combobox", { name: "Role of Zoë Ñúñez" })).toHaveValue("manager");
    expect(within(manager!).getByRole("button", { name: "Change role Zoë Ñúñez" })).toBeInTheDocument();
    expect(within(manager!).getByRole("link", { name: "Remove Zoë Ñúñez" })).toHaveAttribute(
      "href",
      "/sh/team?remove=7",
    );
    expect(within(manager!).getByRole("link", { name: "Make owner Zoë Ñúñez" })).toHaveAttribute(
      "href",
      "/sh/team?handover=7",
    );
    expect(manager).toHaveTextContent("Nov 20, 2026, 9:00 AM PST");
  });

  it("lists the invitations waiting, each to withdraw", async () => {
    await renderInRouter("/sh/team", () => (
      <TeamMembers members={members} invitations={invitations} locale="en-US" srt="token" />
    ));
    const waiting = screen.getByRole("region", { name: "Invitations not yet used" });
    const withdraw = within(waiting).getByRole("button", { name: "Withdraw sam" });
    expect(withdraw.closest("form")?.querySelector('input[name="invitation"]')).toHaveValue("3");
  });

  it("says when no invitation is waiting", async () => {
    await renderInRouter("/sh/team", () => (
      <TeamMembers members={members} invitations={[]} locale="en-US" srt="token" />
    ));
    expect(screen.getByText("No invitation is waiting.")).toBeInTheDocument();
  });
});
