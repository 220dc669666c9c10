import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { requestFacts, trustedProxiesSetting, UnroutableRequest } from "./proxy";

/** A request as Node's HTTP server hands it over: headers lower-cased, raw headers as sent. */
function incoming(headers: Array<[string, string]>, url = "/sh/ovw", remoteAddress = "10.0.0.2"): IncomingMessage {
  const lowerCased: Record<string, string> = {};
  for (const [name, value] of headers) lowerCased[name.toLowerCase()] ??= value;
  return {
    url,
    headers: lowerCased,
    rawHeaders: headers.flat(),
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
}

describe("requestFacts", () => {
  it("believes no proxy header unless told how many proxies stand in front", () => {
    const facts = requestFacts(
      incoming([
        ["Host", "hub.example"],
        ["X-Forwarded-For", "203.0.113.9"],
        ["X-Forwarded-Proto", "https"],
      ]),
      0,
    );
    expect(facts).toEqual({ url: new URL("http://hub.example/sh/ovw"), clientAddress: "10.0.0.2" });
  });

  it("takes the client's address from the right, so an address the client made up is never believed", () => {
    // nginx's usual `$proxy_add_x_forwarded_for` appends the address it was reached from.
    const request = incoming([
      ["Host", "hub.example"],
      ["X-Forwarded-For", "198.51.100.1, 203.0.113.9"],
      ["X-Forwarded-Proto", "https"],
    ]);
    expect(requestFacts(request, 1)).toEqual({
      url: new URL("https://hub.example/sh/ovw"),
      clientAddress: "203.0.113.9",
    });
    // Two proxies: a load balancer, then nginx, each appending.
    expect(requestFacts(request, 2).clientAddress).toBe("198.51.100.1");
    expect(requestFacts(request, 5).clientAddress).toBe("198.51.100.1");
  });

  it("reads the scheme in any case, and only as https or http", () => {
    const https = (proto: string) =>
      requestFacts(
        incoming([
          ["Host", "hub.example"],
          ["X-Forwarded-Proto", proto],
        ]),
        1,
      ).url.protocol;
    expect(https("HTTPS")).toBe("https:");
    expect(https("http, https")).toBe("https:");
    expect(https("javascript")).toBe("http:");
  });

  it("keeps the request line's path, even one that looks like another host", () => {
    expect(requestFacts(incoming([["Host", "hub.example"]], "//evil.example/x?y=1"), 0).url.href).toBe(
      "http://hub.example//evil.example/x?y=1",
    );
  });

  it("refuses a Host that is not a host and port, and two Host headers", () => {
    for (const host of ["hub.example/sh/ovw?", "user@hub.example", "hub.example#x", "hub example"])
      expect(() => requestFacts(incoming([["Host", host]]), 0), host).toThrow(UnroutableRequest);
    // A request line in absolute form, or `*`: the router would join it to the host as it is.
    for (const line of ["http://evil.example/sh/ovw", "*"])
      expect(() => requestFacts(incoming([["Host", "hub.example"]], line), 0), line).toThrow(UnroutableRequest);
    expect(() =>
      requestFacts(
        incoming([
          ["Host", "hub.example"],
          ["host", "evil.example"],
        ]),
        0,
      ),
    ).toThrow(UnroutableRequest);
  });
});

describe("trustedProxiesSetting", () => {
  it("reads TRUST_PROXY as a number of proxies, and refuses anything else", () => {
    expect([undefined, "", "false", "true", "2"].map(trustedProxiesSetting)).toEqual([0, 0, 0, 1, 2]);
    for (const value of ["yes", "-1", "1.5", "100"]) expect(() => trustedProxiesSetting(value)).toThrow(/TRUST_PROXY/);
  });
});
