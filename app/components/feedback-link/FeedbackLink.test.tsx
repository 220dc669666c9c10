import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { FeedbackLinkModel } from "~/feedback/feedback-link-model";
import { FeedbackLink } from "./FeedbackLink";

const MODEL: FeedbackLinkModel = {
  label: "Give feedback",
  to: "sellerhub-feedback@example.com",
  subject: "Seller Hub feedback",
  body: "What works?",
  username: "demo",
  browser: "Chrome 131 on Linux",
  site: "EBAY_US",
};

describe("FeedbackLink", () => {
  it("is a link named by its label that prepares the e-mail", () => {
    render(<FeedbackLink model={MODEL} />);
    const href = screen.getByRole("link", { name: "Give feedback" }).getAttribute("href") ?? "";
    expect(href).toMatch(/^mailto:sellerhub-feedback@example\.com\?subject=Seller%20Hub%20feedback&body=/);
    expect(decodeURIComponent(href.split("body=")[1] ?? "")).toContain("Username: demo\r\nBrowser: Chrome 131 on Linux\r\nSite: EBAY_US");
  });

  it("refuses an empty model with the spec's words", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<FeedbackLink model={{} as FeedbackLinkModel} />)).toThrow("Invalid model for shui-feedback-link");
  });
});
