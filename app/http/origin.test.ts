import { describe, expect, it } from "vitest";
import { originNamesHost, startedByHubPage } from "./origin";

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

describe("startedByHubPage", () => {
  const request = (site?: string) =>
    new Request("https://hub.example/sh/messages/payday/view", {
      headers: site === undefined ? {} : { "Sec-Fetch-Site": site },
    });

  it("is what the browser says: the hub's own page", () => {
    expect(startedByHubPage(request("same-origin"))).toBe(true);
  });

  it("is not another site, a sibling under the same site, an address typed, or what no browser sends", () => {
    for (const site of ["cross-site", "same-site", "none", "elsewhere"])
      expect(startedByHubPage(request(site))).toBe(false);
  });

  it("does not refuse a browser too old to say", () => {
    expect(startedByHubPage(request())).toBe(true);
  });
});
