import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { temporarilyUnavailable } from "./temporarily-unavailable";

const askedBy = (headers: Record<string, string>, path = "/sh/ovw") =>
  temporarilyUnavailable(new Request(`http://hub.test${path}`, { headers }));

async function pageOf(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("Retry-After")).toBe("30");
  expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  return new JSDOM(await response.text()).window.document;
}

describe("the page while the database cannot be reached", () => {
  it("speaks the browser's language, says what to do, and links to itself to try again", async () => {
    const page = await pageOf(askedBy({ Accept: "text/html", "Accept-Language": "de-AT,de;q=0.9,en;q=0.5" }));
    expect(page.documentElement.getAttribute("lang")).toBe("de-DE");
    expect(page.title).toBe("Vorübergehend nicht verfügbar · Seller Hub");
    expect(page.querySelector("h1")?.textContent).toBe("Seller Hub ist vorübergehend nicht verfügbar");
    const retry = page.querySelector("main a");
    expect(retry?.textContent).toBe("Seite neu laden");
    expect(retry?.getAttribute("href")).toBe("/sh/ovw");
  });

  it("reloads only its own address, never another site's", async () => {
    const page = await pageOf(askedBy({ Accept: "text/html" }, "//elsewhere.example/sh?x=1"));
    expect(page.querySelector("main a")?.getAttribute("href")).toBe("/elsewhere.example/sh?x=1");
  });

  it("is in English (US) for a browser that asks for no language the hub speaks", async () => {
    const page = await pageOf(askedBy({ Accept: "text/html", "Accept-Language": "ja" }));
    expect(page.documentElement.getAttribute("lang")).toBe("en-US");
    expect(page.querySelector("h1")?.textContent).toBe("Seller Hub is temporarily unavailable");
    expect(page.querySelector("main")?.textContent).toContain("Try again in a minute: reload this page.");
  });

  it("follows the system's light or dark scheme, and runs no script", async () => {
    const page = await pageOf(askedBy({ Accept: "text/html", "Accept-Language": "fr-FR" }));
    expect(page.querySelector('meta[name="color-scheme"]')?.getAttribute("content")).toBe("light dark");
    expect(page.querySelectorAll("script")).toHaveLength(0);
  });

  it("answers a program, or the page's data request, with the reason in JSON, in English", async () => {
    for (const response of [
      askedBy({ Accept: "application/json", "Accept-Language": "de" }),
      askedBy({ Accept: "text/html" }, "/sh/ovw.data"),
    ]) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: "Seller Hub is temporarily unavailable: the database cannot be reached.",
      });
    }
  });
});
