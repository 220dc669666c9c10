import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FeedbackLinkModel } from "~/feedback/feedback-link-model";
import { feedbackLinkModel, generalFeedback } from "~/feedback/feedback-link.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { FeedbackLink } from "./FeedbackLink";

const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const MODEL = feedbackLinkModel(
  { username: "demo", site: "EBAY_US" },
  new Request("http://hub.test/sh/ovw", { headers: { "User-Agent": CHROME_ON_LINUX } }),
  generalFeedback(textOfLanguage("en-US").text),
);

describe("FeedbackLink", () => {
  it("is a link named by its label that prepares the e-mail", () => {
    render(<FeedbackLink model={MODEL} />);
    const href = screen.getByRole("link", { name: "Give feedback" }).getAttribute("href") ?? "";
    expect(href).toMatch(/^mailto:sellerhub-feedback@example\.com\?subject=Seller%20Hub%20feedback&body=/);
    expect(decodeURIComponent(href.split("body=")[1] ?? "")).toContain(
      "Username: demo\r\nBrowser: Chrome 131 on Linux\r\nSite: EBAY_US",
    );
  });

  it("refuses an empty model with the spec's words", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<FeedbackLink model={{} as FeedbackLinkModel} />)).toThrow(
      "Invalid model for shui-feedback-link",
    );
  });
});
