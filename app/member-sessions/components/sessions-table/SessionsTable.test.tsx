import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import type { MemberSession } from "../../member-sessions.server";
import { SessionsTable } from "./SessionsTable";

const AT = Date.UTC(2026, 10, 25, 17, 0);
const key = (letter: string) => letter.repeat(43);
const sessions: MemberSession[] = [
  {
    id: key("a"),
    browser: "Chrome 131",
    system: "Linux",
    address: "192.0.2.7",
    signedInAt: AT,
    lastUsedAt: AT,
    current: true,
  },
  {
    id: key("b"),
    browser: "Safari 17.4",
    system: "iOS",
    address: "2001:db8::1",
    signedInAt: AT - 86_400_000,
    lastUsedAt: AT - 3_600_000,
    current: false,
  },
  { id: key("c"), browser: null, system: null, address: null, signedInAt: AT, lastUsedAt: AT, current: false },
];

describe("SessionsTable", () => {
  it("lists the sessions, this browser's said so and kept, each other's signed out by its own named button", async () => {
    await renderInRouter("/sh/account/sessions", () => (
      <SellerTimeZoneProvider value="Europe/Berlin">
        <SessionsTable sessions={sessions} locale="en-US" srt="token" />
      </SellerTimeZoneProvider>
    ));
    const table = screen.getByRole("table", { name: "Where you are signed in" });
    const [, current, phone, unknown] = within(table).getAllByRole("row");
    expect(current).toHaveTextContent("Chrome 131 on Linux This browser");
    expect(within(current!).queryByRole("button")).not.toBeInTheDocument();
    expect(phone).toHaveTextContent("Nov 24, 2026, 6:00 PM GMT+1Nov 25, 2026, 5:00 PM GMT+12001:db8::1");
    const end = within(phone!).getByRole("button", { name: "Sign out Safari 17.4 on iOS Nov 24, 2026, 6:00 PM GMT+1" });
    expect(end.closest("form")?.querySelector('input[name="session"]')).toHaveValue(key("b"));
    expect(end.closest("form")?.querySelector('input[name="srt"]')).toHaveValue("token");
    expect(unknown).toHaveTextContent("Unknown browser");
    expect(unknown).toHaveTextContent("Not known");
    expect(screen.getByRole("button", { name: "Sign out of the 2 other sessions" })).toHaveAttribute(
      "value",
      "end-others",
    );
  });

  it("offers no Sign out of the others when there is one other, or none", async () => {
    await renderInRouter("/sh/account/sessions", () => (
      <SessionsTable sessions={sessions.slice(0, 2)} locale="en-US" srt="token" />
    ));
    expect(screen.getAllByRole("button")).toHaveLength(1);
  });
});
