import { describe, expect, it } from "vitest";
import { preloadScriptsAtLowPriority } from "./low-priority-script-preloads.server";

const page = (head: string, body: string) =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`);

describe("preloadScriptsAtLowPriority", () => {
  it("marks every module preload of the head low priority, and keeps the rest byte for byte", () => {
    const head =
      '<meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><title>Überblick – 1 €</title>' +
      '<link rel="modulepreload" href="/assets/root.js" nonce="n"/>';
    const result = preloadScriptsAtLowPriority(page(head, "<main>Artikel</main>")).toString();
    expect(result).toBe(
      page(
        '<meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="n"/><title>Überblick – 1 €</title>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js" nonce="n"/>',
        "<main>Artikel</main>",
      ).toString(),
    );
  });

  it("leaves a preload that has a priority of its own as it is", () => {
    const head = '<link rel="modulepreload" fetchPriority="high" href="/assets/urgent.js"/>';
    expect(preloadScriptsAtLowPriority(page(head, "")).toString()).toBe(page(head, "").toString());
  });

  it("leaves the body as it is, and a page without a head or preloads untouched", () => {
    const body = '<p>&lt;link rel="modulepreload"</p><link rel="modulepreload" href="/late.js"/>';
    expect(preloadScriptsAtLowPriority(page("", body)).toString()).toBe(page("", body).toString());
    const noHead = Buffer.from("<p>no head</p>");
    expect(preloadScriptsAtLowPriority(noHead)).toBe(noHead);
  });
});
