import { describe, expect, it } from "vitest";
import { originNamesHost, startedByAnotherSite } from "./origin";

describe("originNamesHost", () => {
  it("takes the host the request was sent to, whatever its case or the scheme's default port", () => {
    expect(originNamesHost("https://hub.example", "hub.example")).toBe(true);
    expect(originNamesHost("https://Hub.Example", "hub.example")).toBe(true);
    expect(originNamesHost("https://hub.example", "HUB.example:443")).toBe(true);
    expect(originNamesHost("http://localhost:3000", "localhost:3000")).toBe(true);
    expect(originNamesHost("http://hub.example", "hub.example:80")).toBe(true);
    // A name in another script: browsers send both in punycode (Node reads a Host's bytes as
    // latin1, and server/proxy.ts refuses one that is not ASCII before this is asked).
    expect(originNamesHost("https://xn--bcher-kva.example", "xn--bcher-kva.example")).toBe(true);
  });

  it("refuses another host, another port, and an origin that names none", () => {
    expect(originNamesHost("https://elsewhere.example", "hub.example")).toBe(false);
    expect(originNamesHost("https://hub.example.elsewhere.example", "hub.example")).toBe(false);
    expect(originNamesHost("http://localhost:3001", "localhost:3000")).toBe(false);
    expect(originNamesHost("https://hub.example:8443", "hub.example")).toBe(false);
    expect(originNamesHost("null", "hub.example")).toBe(false);
    expect(originNamesHost("https://hub.example", undefined)).toBe(false);
    expect(originNamesHost("https://hub.example", "")).toBe(false);
    expect(originNamesHost("https://hub.example", "hub.example/path@elsewhere.example")).toBe(false);
  });
});

describe("startedByAnotherSite", () => {
  const request = (site?: string) =>
    new Request("https://hub.example/sh/messages/payday/view", {
      headers: site === undefined ? {} : { "Sec-Fetch-Site": site },
    });

  it("is what the browser says: another site's page, or a sibling's under the same site", () => {
    expect(startedByAnotherSite(request("cross-site"))).toBe(true);
    expect(startedByAnotherSite(request("same-site"))).toBe(true);
  });

  it("leaves the hub's own pages, an address typed by the seller and a browser that says nothing", () => {
    expect(startedByAnotherSite(request("same-origin"))).toBe(false);
    expect(startedByAnotherSite(request("none"))).toBe(false);
    expect(startedByAnotherSite(request())).toBe(false);
  });
});
