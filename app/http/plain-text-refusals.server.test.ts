import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { answeringRefusalsAsText } from "./plain-text-refusals.server";

describe("answeringRefusalsAsText", () => {
  it("passes the handler's own response through", async () => {
    const response = await answeringRefusalsAsText(async () => new Response(null, { status: 204 }));
    expect(response.status).toBe(204);
  });

  it("answers a thrown refusal with its reason, status and headers", async () => {
    const response = await answeringRefusalsAsText(async () => {
      throw data("Slow down.", { status: 429, headers: { "Retry-After": "12" } });
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("12");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("Slow down.");
  });

  it("lets anything else through to the error handling", async () => {
    await expect(
      answeringRefusalsAsText(async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
  });
});
