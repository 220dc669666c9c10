import { describe, expect, it } from "vitest";
import { serverWithSignedInSeller } from "../test/signed-in-server";

/**
 * A body over a limit is refused with a 413 the client can read. Node's fetch reads no answer
 * until it has sent the whole body, so it sees the 413 only if the server lets it finish
 * sending instead of closing the connection under it.
 */
describe("body limits answer clients that are still sending", () => {
  const hub = serverWithSignedInSeller();

  const twoMegabytes = () => JSON.stringify({ padding: "x".repeat(2 * 1024 * 1024) });

  it("a 2 MB beacon posted with fetch gets the 413 and its reason", async () => {
    const response = await fetch(`${hub.url()}/sh/beacon`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: twoMegabytes(),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("larger than");
  });

  it("so does a 2 MB body sent without a declared length", async () => {
    const chunks = [new TextEncoder().encode(twoMegabytes())];
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        const chunk = chunks.pop();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${hub.url()}/sh/beacon`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("larger than");
  });

  it.each(["/signin", "/sh/messages/close", "/sh/optout", "/signout"])(
    "a 2 MB form posted with fetch to %s gets the 413",
    async (path) => {
      const response = await fetch(`${hub.url()}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: hub.session() },
        body: `srt=${"x".repeat(2 * 1024 * 1024)}`,
      });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain("larger than");
    },
  );

  it("a 2 MB multipart form gets the 413", async () => {
    const form = new FormData();
    form.append("username", "x".repeat(2 * 1024 * 1024));
    const response = await fetch(`${hub.url()}/signin`, { method: "POST", redirect: "manual", body: form });
    expect(response.status).toBe(413);
  });
});
