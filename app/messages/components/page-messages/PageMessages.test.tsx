import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { PageMessage } from "~/messages/message-model";
import { PageMessages } from "./PageMessages";

const message = (messageId: string, type: PageMessage["type"], title: string): PageMessage => ({
  title,
  type,
  message: `About ${title.toLowerCase()}.`,
  controls: [{ name: "cross", accessibilityText: `Dismiss ${title}` }],
  config: { messageId },
});

const MESSAGES = [
  message("tax", "alert", "Tax details"),
  message("payout", "success", "Payout verified"),
  message("survey", "dialog", "Quick survey"),
];

function Page({ messages = MESSAGES }: { messages?: PageMessage[] }) {
  const [closedIds, setClosedIds] = useState<string[]>([]);
  return (
    <main id="main-content" tabIndex={-1}>
      <PageMessages
        messages={messages}
        closedIds={closedIds}
        onClose={(id) => setClosedIds((ids) => [...ids, id])}
        focusAfterLast="main-content"
      />
      <output aria-label="Open messages">{messages.length - closedIds.length}</output>
    </main>
  );
}

describe("PageMessages", () => {
  it("puts inline messages in a Messages region, the target of the side area's link, and dialogs in front", async () => {
    render(<Page />);
    expect(await screen.findByRole("dialog", { name: "Quick survey" })).toBeVisible();
    // The modal dialog leaves the page behind it out of reach until it is closed.
    expect(screen.queryByRole("region", { name: "Messages" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const region = screen.getByRole("region", { name: "Messages" });
    expect(region).toHaveAttribute("id", "messages");
    expect(within(region).getByRole("alert", { name: "Tax details" })).toBeVisible();
    expect(within(region).getByRole("status", { name: "Payout verified" })).toBeVisible();
    expect(screen.getByRole("status", { name: "Open messages" })).toHaveTextContent("2");
  });

  it("tells the page which message was closed, and keeps focus in the region while messages remain", () => {
    render(<Page messages={MESSAGES.slice(0, 2)} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss Tax details" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status", { name: "Open messages" })).toHaveTextContent("1");
    expect(screen.getByRole("region", { name: "Messages" })).toHaveFocus();
  });

  it("removes the region with its last message and moves focus past it", () => {
    render(<Page messages={MESSAGES.slice(1, 2)} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss Payout verified" }));
    expect(screen.queryByRole("region", { name: "Messages" })).toBeNull();
    expect(screen.getByRole("main")).toHaveFocus();
  });

  it("renders nothing when no message shows", () => {
    render(<Page messages={[]} />);
    expect(screen.queryByRole("region", { name: "Messages" })).toBeNull();
  });
});
