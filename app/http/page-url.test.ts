import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

describe("pageUrl", () => {
  it("removes what client-side navigations add", () => {
    expect(pageUrl(new Request("http://hub.test/sh/ovw.data?_routes=routes%2Fsh%2Fshell")).href).toBe(
      "http://hub.test/sh/ovw",
    );
    expect(pageUrl(new Request("http://hub.test/_.data")).pathname).toBe("/");
  });

  it("keeps the page's own query", () => {
    expect(pageUrl(new Request("http://hub.test/sh/lst/active.data?status=ended&_routes=x")).href).toBe(
      "http://hub.test/sh/lst/active?status=ended",
    );
  });

  it("leaves a document request alone", () => {
    expect(pageUrl(new Request("http://hub.test/sh/lst/active?offset=20")).href).toBe(
      "http://hub.test/sh/lst/active?offset=20",
    );
  });
});
