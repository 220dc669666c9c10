import { describe, expect, it } from "vitest";
import {
  addPhase,
  countQueryTime,
  matchedRoute,
  RequestTimings,
  showTimingParts,
  timePhase,
  timeRequest,
  withServerTiming,
} from "./server-timing.server";

const query = (queryDurationMillis: number) =>
  ({ level: "query", queryDurationMillis, query: { sql: "select 1", parameters: [] } }) as never;

describe("Server-Timing", () => {
  it("tells a member the database's time and queries, each phase by its span, and the whole, in tenths of a millisecond", () => {
    const timings = new RequestTimings();
    timings.detailed = true;
    timings.countQuery(1.234);
    timings.countQuery(2);
    // Two loaders side by side: the phase is from the first start to the last end, not their sum.
    timings.addSpan("loaders", 10, 14.04);
    timings.addSpan("loaders", 11, 16);
    timings.addSpan("render", 16, 19.96);
    expect(timings.header()).toMatch(
      /^db;dur=3\.2;desc="Database \(2 queries\)", loaders;dur=6;desc="Loaders", render;dur=4;desc="Render", total;dur=\d+(\.\d)?;desc="Server"$/,
    );
  });

  it("tells a signed-out client the whole only, in whole milliseconds", () => {
    const timings = new RequestTimings();
    timings.countQuery(1.234);
    timings.addSpan("action", 10, 250.5);
    expect(timings.header()).toMatch(/^total;dur=\d+;desc="Server"$/);
  });

  it("counts a query, a phase and a route to the request they ran in, and nothing outside a request", async () => {
    const first = new RequestTimings();
    const second = new RequestTimings();
    countQueryTime(query(50));
    showTimingParts();
    matchedRoute("sh/ovw");
    await Promise.all([
      timeRequest(first, async () => {
        showTimingParts();
        countQueryTime(query(1));
        await timePhase("action", async () => countQueryTime(query(2)));
        matchedRoute("sh/lst/:id");
      }),
      timeRequest(second, async () => {
        showTimingParts();
        countQueryTime(query(4));
        addPhase("render", performance.now());
        // No route matched: the metrics say so once, not as a series of its own.
        matchedRoute("");
      }),
    ]);
    expect(first.header()).toMatch(/^db;dur=3;desc="Database \(2 queries\)", action;dur=[\d.]+;desc="Action", total/);
    expect(second.header()).toMatch(/^db;dur=4;desc="Database \(1 query\)", render;dur=[\d.]+;desc="Render", total/);
    expect(first.route).toBe("/sh/lst/:id");
    expect(second.route).toBeUndefined();
  });

  it("is added after a route's own Server-Timing, and to a response whose headers are fixed", async () => {
    const timings = new RequestTimings();
    const own = new Response("ok", { headers: { "Server-Timing": 'cache;desc="hit"' } });
    expect(withServerTiming(own, timings).headers.get("server-timing")).toMatch(/^cache;desc="hit", total;dur=\d+/);
    const fixed = Response.redirect("https://hub.example/sh/ovw", 302);
    const copied = withServerTiming(fixed, timings);
    expect(copied.status).toBe(302);
    expect(copied.headers.get("location")).toBe("https://hub.example/sh/ovw");
    expect(copied.headers.get("server-timing")).toMatch(/^total;dur=\d+/);
  });
});
