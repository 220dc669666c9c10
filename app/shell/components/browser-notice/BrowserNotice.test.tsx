import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BROWSER_NOTICE_CLOSED_COOKIE } from "../../unsupported-browser";
import { BROWSER_NOTICE_CLOSE_URL, BrowserNotice } from "./BrowserNotice";

afterEach(() => {
  document.cookie = `${BROWSER_NOTICE_CLOSED_COOKIE}=; Max-Age=0; Path=/`;
});

function renderNotice() {
  render(
    <>
      <BrowserNotice
        focusAfterClose="main-content"
        closeForm={{ srt: "session-token", returnTo: "/sh/lst/active?status=ended" }}
      />
      <main id="main-content" tabIndex={-1} />
    </>,
  );
  return screen.getByRole("region", { name: "Your browser is no longer supported" });
}

describe("BrowserNotice", () => {
  it("asks the seller to update, as a region named by its heading", () => {
    expect(renderNotice()).toHaveTextContent("Update your browser for a better experience.");
  });

  it("closes by a form that posts the session's token and the page to come back to, for browsers without scripts", () => {
    renderNotice();
    const close = screen.getByRole("button", { name: "Close" });
    const form = close.closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", BROWSER_NOTICE_CLOSE_URL);
    expect(form).toHaveFormValues({ srt: "session-token", returnTo: "/sh/lst/active?status=ended" });
  });

  it("with scripts, closes in place for the session and puts focus on the page's main content", () => {
    renderNotice();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("region", { name: "Your browser is no longer supported" })).toBeNull();
    expect(document.cookie).toContain(`${BROWSER_NOTICE_CLOSED_COOKIE}=1`);
    expect(screen.getByRole("main")).toHaveFocus();
  });
});
