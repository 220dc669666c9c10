import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { browserCookies } from "~/cookies/cookies";
import type { MessageViewModel } from "~/messages/message-model";
import { OperationsProvider } from "../../../components/text-display/operations";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import { Message } from "./Message";

const cross = { name: "cross", accessibilityText: "Dismiss" };
const news: MessageViewModel = {
  title: "New: change prices in bulk",
  type: "info",
  content: [{ text: "Select several listings and change their prices in one go." }],
  controls: [cross],
  config: { messageId: "bulk-prices", maxViews: 2 },
};

beforeEach(() => {
  for (const name of document.cookie.split(";").map((pair) => pair.split("=")[0]?.trim())) {
    if (name) browserCookies.remove(name);
  }
});

describe("a missing model", () => {
  it.each([
    ["undefined", undefined],
    ["null", null],
  ])("(%s) logs exactly 'Invalid model for shui-messages' and renders nothing", (_, model) => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const { container } = render(<Message model={model} shownAtLoad />);
    expect(container).toBeEmptyDOMElement();
    expect(error).toHaveBeenCalledWith("Invalid model for shui-messages");
  });

  it("throws exactly 'Invalid widget ID' for a messageId key with an empty id", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Message model={{ ...news, config: { messageId: "" } }} shownAtLoad />)).toThrow(
      new Error("Invalid widget ID"),
    );
  });
});

describe("how each type is announced", () => {
  it.each([
    ["alert", "alert", "Alert"],
    ["success", "status", "Success"],
    ["info", "note", "Information"],
  ] as const)("a %s message is role=%s and says %s in words, not only by colour", (type, role, word) => {
    render(<Message model={{ ...news, type }} shownAtLoad />);
    const message = screen.getByRole(role, { name: news.title });
    expect(message).toHaveTextContent(`${word}: ${news.title}`);
    expect(message).toHaveClass(`message--${type}`);
  });
});

describe("content", () => {
  it("renders each text display model of content as a paragraph, styles and actions included", () => {
    render(
      <Message
        model={{
          ...news,
          content: [
            { textSpans: [{ text: "Payouts pause on " }, { text: "30 June", styles: ["BOLD"] }] },
            { text: "Read the guide", action: { type: "NAV", URL: "https://help.example.com", newWindow: true } },
          ],
        }}
        shownAtLoad
      />,
    );
    const message = screen.getByRole("note");
    expect(message.querySelectorAll("p")).toHaveLength(2);
    expect(screen.getByText("30 June").tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: /Read the guide\s*\(opens in a new window or tab\)/ })).toHaveAttribute(
      "rel",
      expect.stringContaining("noopener"),
    );
  });

  it("renders message, plain or as a text display model", () => {
    const { rerender } = render(
      <Message model={{ type: "success", message: "Payout account verified." }} shownAtLoad />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Payout account verified.");
    rerender(<Message model={{ type: "success", message: { text: "Verified", styles: ["EMPHASIS"] } }} shownAtLoad />);
    expect(screen.getByText("Verified").tagName).toBe("EM");
  });

  it("offers its controls: links, the page's operations, and closeMessage", () => {
    const openGuide = vi.fn<() => void>();
    render(
      <OperationsProvider operations={{ openGuide }}>
        <Message
          model={{
            ...news,
            controls: [
              { name: "guide", text: "Open the guide", action: { type: "OPERATION", name: "openGuide" } },
              { name: "later", text: "Remind me later", action: { type: "OPERATION", name: "closeMessage" } },
            ],
          }}
          shownAtLoad
        />
      </OperationsProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Open the guide" }));
    expect(openGuide).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole("button", { name: "Remind me later" }));
    expect(screen.queryByRole("note")).toBeNull();
  });
});

describe("states", () => {
  it("without the server's decision, is hidden first (nothing rendered on the server), then shown in the browser", () => {
    expect(renderToString(<Message model={news} />)).toBe("");
    render(<Message model={news} />);
    expect(screen.getByRole("note", { name: news.title })).toBeVisible();
  });

  it("stays hidden when the server decided so", () => {
    const { container } = render(<Message model={news} shownAtLoad={false} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("stays hidden in the browser when a cookie says its views are used up", () => {
    browserCookies.write("shui-messages-bulk-prices-viewsLeft", "0");
    const { container } = render(<Message model={news} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("counts one view each time it is shown, and no more while it stays on the page", () => {
    const { unmount, rerender } = render(<Message model={news} shownAtLoad />);
    expect(browserCookies.read("shui-messages-bulk-prices-viewsLeft")).toBe("1");
    rerender(<Message model={{ ...news }} shownAtLoad />);
    expect(browserCookies.read("shui-messages-bulk-prices-viewsLeft")).toBe("1");
    unmount();
    render(<Message model={news} shownAtLoad />);
    expect(browserCookies.read("shui-messages-bulk-prices-viewsLeft")).toBe("0");
  });

  it("closes from its cross, records it for the session and tells the page", () => {
    const onClose = vi.fn<() => void>();
    render(<Message model={news} shownAtLoad onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("note")).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
    expect(browserCookies.read("shui-messages-bulk-prices-dismissalLeft")).toBe("0");
  });

  it("says its kind and names a bare cross in the seller's language", () => {
    // "Alert:" and "Close" were English on every page of every language.
    const alert: MessageViewModel = {
      type: "alert",
      content: [{ text: "Zahlungsdaten fehlen." }],
      controls: [{ name: "cross" }],
      config: { messageId: "payout-missing" },
    };
    render(
      <TextProvider value={textOfLanguage("de-DE")}>
        <Message model={alert} shownAtLoad />
      </TextProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(/Warnung: Zahlungsdaten fehlen\./);
    expect(screen.getByRole("button", { name: "Schließen" })).toBeVisible();
  });

  it("closes on Escape when the seller is in it and it has a cross", () => {
    const onClose = vi.fn<() => void>();
    const { rerender } = render(
      <Message
        model={{ ...news, content: [{ text: "Read the guide", action: { type: "NAV", URL: "/help" } }] }}
        shownAtLoad
        onClose={onClose}
      />,
    );
    fireEvent.keyDown(screen.getByRole("link", { name: "Read the guide" }), { key: "Escape" });
    expect(screen.queryByRole("note")).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();

    rerender(<Message key="no-cross" model={{ ...news, controls: [] }} shownAtLoad />);
    fireEvent.keyDown(screen.getByRole("note"), { key: "Escape" });
    expect(screen.getByRole("note")).toBeVisible();
  });

  it("takes one dismissal when it has maxDismissal", () => {
    render(<Message model={{ ...news, config: { messageId: "bulk-prices", maxDismissal: 3 } }} shownAtLoad />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(browserCookies.read("shui-messages-bulk-prices-dismissalLeft")).toBe("2");
  });

  it("remembers a permanent close with a lasting cookie", () => {
    const write = vi.spyOn(browserCookies, "write");
    render(<Message model={{ ...news, config: { messageId: "bulk-prices", permanent: true } }} shownAtLoad />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(write).toHaveBeenLastCalledWith("shui-messages-bulk-prices-dismissalLeft", "0", { expires: 400 });
  });

  it("a message without an id closes for this page view only", () => {
    const write = vi.spyOn(browserCookies, "write");
    render(<Message model={{ ...news, config: undefined }} shownAtLoad />);
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByRole("note")).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });
});

describe("the close cross before hydration", () => {
  it("is a form post to the close route with the message, the token and the way back", () => {
    const html = renderToString(
      <Message
        model={news}
        shownAtLoad
        closeForm={{ action: "/sh/messages/close", srt: "token-1", returnTo: "/sh/ovw" }}
      />,
    );
    const form = new DOMParser().parseFromString(html, "text/html").querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/sh/messages/close");
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({
      srt: "token-1",
      messageId: "bulk-prices",
      returnTo: "/sh/ovw",
    });
    expect(form?.querySelector('button[type="submit"]')?.getAttribute("aria-label")).toBe("Dismiss");
  });

  it("closes in the browser once hydrated, without posting", () => {
    render(
      <Message
        model={news}
        shownAtLoad
        closeForm={{ action: "/sh/messages/close", srt: "token-1", returnTo: "/sh/ovw" }}
      />,
    );
    const submitted = fireEvent.submit(
      screen.getByRole("button", { name: "Dismiss" }).closest("form") as HTMLFormElement,
    );
    expect(submitted).toBe(false);
    expect(screen.queryByRole("note")).toBeNull();
    expect(browserCookies.read("shui-messages-bulk-prices-dismissalLeft")).toBe("0");
  });
});

describe("counting views without JavaScript", () => {
  it("holds, for a browser without scripts only, an image that asks the server to count a view of a message with maxViews", () => {
    const counted = renderToString(
      <Message model={{ ...news, config: { messageId: "bulk prices", maxViews: 3 } }} shownAtLoad />,
    );
    expect(counted).toContain('<noscript><img src="/sh/messages/bulk%20prices/view" alt=""');
    expect(
      renderToString(<Message model={{ ...news, config: { messageId: "bulk-prices" } }} shownAtLoad />),
    ).not.toContain("<noscript>");
  });
});

describe("a dialog message", () => {
  const dialog: MessageViewModel = {
    ...news,
    type: "dialog",
    controls: [{ name: "ok", text: "Got it", action: { type: "OPERATION", name: "closeMessage" } }, cross],
  };

  it("is a modal dialog named by its title and described by its content; focus moves in", async () => {
    render(<Message model={dialog} shownAtLoad />);
    const modal = await screen.findByRole("dialog", { name: news.title });
    expect(modal).toHaveAccessibleDescription("Select several listings and change their prices in one go.");
    await waitFor(() => expect(screen.getByRole("button", { name: "Got it" })).toHaveFocus());
  });

  it("closes on Escape, records it, and gives focus back to the start of the page, where it was", async () => {
    render(<Message model={dialog} shownAtLoad />);
    const modal = await screen.findByRole("dialog");
    await waitFor(() => expect(modal).toContainElement(document.activeElement as HTMLElement));
    fireEvent.keyDown(modal, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(browserCookies.read("shui-messages-bulk-prices-dismissalLeft")).toBe("0");
    expect(document.activeElement).toBe(document.body);
  });

  it("returns focus to the element that had it when the dialog opened", async () => {
    render(<button>Opener</button>);
    const opener = screen.getByRole("button", { name: "Opener" });
    act(() => opener.focus());
    render(<Message model={dialog} shownAtLoad />);
    const gotIt = await screen.findByRole("button", { name: "Got it" });
    await waitFor(() => expect(gotIt).toHaveFocus());
    fireEvent.click(gotIt);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(opener).toHaveFocus();
  });

  it("an alert shown as a dialog is an alertdialog", async () => {
    render(<Message model={{ ...dialog, type: ["alert", "dialog"] }} shownAtLoad />);
    expect(await screen.findByRole("alertdialog", { name: news.title })).toBeInTheDocument();
  });
});
