import { describe, expect, it } from "vitest";
import type { FeedbackLinkModel } from "./feedback-link-model";
import { feedbackMailtoUrl, INVALID_FEEDBACK_LINK_MODEL } from "./feedback-mailto";

const MODEL: FeedbackLinkModel = {
  label: "Give feedback",
  to: "sellerhub-feedback@example.com",
  subject: "Seller Hub feedback",
  body: "What works?",
  username: "demo",
  browser: "Chrome 131 on Linux",
  site: "EBAY_US",
};

/** The header fields as an e-mail program reads them. */
function headers(url: string): Record<string, string> {
  const query = url.slice(url.indexOf("?") + 1);
  return Object.fromEntries(
    query.split("&").map((pair) => pair.split("=").map(decodeURIComponent) as [string, string]),
  );
}

describe("feedbackMailtoUrl", () => {
  it("addresses the feedback team with the subject, and closes the body with username, browser and site", () => {
    const url = feedbackMailtoUrl(MODEL);
    expect(url.startsWith("mailto:sellerhub-feedback@example.com?")).toBe(true);
    expect(headers(url)).toEqual({
      subject: "Seller Hub feedback",
      body: "What works?\r\n\r\n--\r\nUsername: demo\r\nBrowser: Chrome 131 on Linux\r\nSite: EBAY_US",
    });
  });

  it("encodes spaces as %20 and every line break as %0D%0A (RFC 6068)", () => {
    const url = feedbackMailtoUrl({ ...MODEL, subject: "Two words", body: "one\ntwo\r\nthree\rfour" });
    expect(url).toContain("subject=Two%20words&");
    expect(url).not.toContain("+");
    expect(url).toContain("body=one%0D%0Atwo%0D%0Athree%0D%0Afour%0D%0A");
    expect(url).not.toMatch(/%0A(?<!%0D%0A)/);
  });

  it("keeps & and = inside a value from starting another field", () => {
    const url = feedbackMailtoUrl({ ...MODEL, subject: "Fees & shipping = confusing?", username: "a&b=c" });
    expect(url).toContain("subject=Fees%20%26%20shipping%20%3D%20confusing%3F&");
    expect(Object.keys(headers(url))).toEqual(["subject", "body"]);
    expect(headers(url).body).toContain("Username: a&b=c");
  });

  it("percent-encodes non-ASCII text as UTF-8", () => {
    const url = feedbackMailtoUrl({ ...MODEL, subject: "Café – ünïcode 出品", username: "zoë" });
    expect(url).toContain("subject=Caf%C3%A9%20%E2%80%93%20%C3%BCn%C3%AFcode%20%E5%87%BA%E5%93%81&");
    expect(url).toMatch(/^[\x21-\x7e]+$/);
    expect(headers(url).body).toContain("Username: zoë");
  });

  it("survives text with a lone surrogate instead of throwing", () => {
    expect(() => feedbackMailtoUrl({ ...MODEL, body: "broken \ud800 text" })).not.toThrow();
  });

  it.each([
    ["an empty object", {}],
    ["null", null],
    ["undefined", undefined],
  ])("refuses %s with exactly the spec's message", (_, model) => {
    expect(() => feedbackMailtoUrl(model as FeedbackLinkModel)).toThrow(new Error(INVALID_FEEDBACK_LINK_MODEL));
    expect(INVALID_FEEDBACK_LINK_MODEL).toBe("Invalid model for shui-feedback-link");
  });
});
