import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ShellData } from "~/shell/shell.server";
import { HYDRATED_MARK } from "~/shell/hydration";
import RefusedPage from "./RefusedPage";

/** The shell of demo-viewer, Alex Kim, who works in Jordan Lee's account. */
const shell: ShellData = {
  member: {
    name: "Alex Kim",
    accountName: "Jordan Lee",
    feedbackScore: 1280,
    storeUrl: "https://example.com/store/jordan",
    locale: "en-US",
    languages: ["en-US", "de-DE"],
    timeZone: "America/New_York",
    timeZones: [{ value: "America/New_York", label: "New York" }],
    appearance: "system",
  },
  activeNavigation: { sections: ["/sh/lst/active"] },
  sideLinks: {},
  permissions: ["self", "overview:read", "listings:read", "speed:read"],
  pageMessages: null,
  messageCount: 0,
  srt: "token-1",
  showBrowserNotice: false,
};

const REASON = "As a viewer of this account, you cannot bring in prices or quantities from a file.";

function renderRefusal() {
  const Stub = createRoutesStub([
    {
      path: "/sh/lst/import",
      Component: () => <RefusedPage refusal={{ reason: REASON, shell }} title="This action is not allowed" />,
    },
    { path: "/sh/ovw", Component: () => <p>The overview</p> },
  ]);
  return render(<Stub initialEntries={["/sh/lst/import"]} />);
}

afterEach(() => {
  performance.clearMarks(HYDRATED_MARK);
});

describe("RefusedPage", () => {
  it("says what was refused and why inside the hub, with the way on", async () => {
    renderRefusal();
    expect(screen.getByRole("heading", { level: 1, name: "This action is not allowed" })).toBeInTheDocument();
    expect(screen.getByRole("banner")).toHaveTextContent("Alex Kim for Jordan Lee");
    expect(within(screen.getByRole("main")).getByText(REASON)).toBeInTheDocument();
    const sections = screen.getByRole("navigation", { name: "Sections" });
    expect(within(sections).getByRole("link", { name: "All listings" })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("main")).getByRole("link", { name: "Go to the overview" }));
    expect(await screen.findByText("The overview")).toBeInTheDocument();
  });

  it("takes the focus to the reason when it replaces a page whose link had it", () => {
    performance.mark(HYDRATED_MARK);
    renderRefusal();
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("leaves the focus alone on a first load, before the page is hydrated", () => {
    renderRefusal();
    expect(screen.getByRole("main")).not.toHaveFocus();
  });
});
