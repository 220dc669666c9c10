import { describe, expect, it } from "vitest";
import { refusal } from "./refusal";

describe("refusal", () => {
  it("carries its reason as plain text, its status and its headers", async () => {
    const refused = refusal(429, "Too many beacons. Try again in 15 seconds.", { "Retry-After": "15" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(refused.headers.get("Retry-After")).toBe("15");
    expect(await refused.text()).toBe("Too many beacons. Try again in 15 seconds.");
  });
});
