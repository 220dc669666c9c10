import { describe, expect, it } from "vitest";
import { readBodyText, readForm, readJson } from "./request-body.server";

const FORM_URL = "http://hub.test/sh/form";

/** A body sent in pieces without a Content-Length (chunked), as curl, scripts and some proxies send one. */
function streamed(parts: (string | Uint8Array)[], contentType: string): Request {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(typeof part === "string" ? encoder.encode(part) : part);
      controller.close();
    },
  });
  // Node's fetch needs `duplex` for a streamed body; the DOM's RequestInit type does not know it.
  return new Request(FORM_URL, {
    method: "POST",
    body,
    headers: { "Content-Type": contentType },
    duplex: "half",
  } as RequestInit);
}

/** What a refused read threw: its status and reason. */
async function refused(reading: Promise<unknown>): Promise<[number, string]> {
  const thrown = await reading.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof Response)) throw new Error(`expected a refusal, got ${String(thrown)}`);
  return [thrown.status, await thrown.text()];
}

const BOUNDARY = "----hub-test-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const multipartBody = (file: string) =>
  [
    `--${BOUNDARY}\r\n`,
    'Content-Disposition: form-data; name="intent"\r\n\r\n',
    "check\r\n",
    `--${BOUNDARY}\r\n`,
    'Content-Disposition: form-data; name="file"; filename="prix-été.csv"\r\n',
    "Content-Type: text/csv\r\n\r\n",
    file,
    `\r\n--${BOUNDARY}--\r\n`,
  ].join("");

describe("reading a request's body", () => {
  it("reads a URL-encoded form, its text in any script", async () => {
    const form = await readForm(
      new Request(FORM_URL, {
        method: "POST",
        body: "title=Th%C3%A9+vert+%F0%9F%8D%B5&price=12.50",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(form.get("title")).toBe("Thé vert 🍵");
    expect(form.get("price")).toBe("12.50");
  });

  it("refuses a body over the limit, whether it says its length or not, and one that is not UTF-8", async () => {
    const declared = new Request(FORM_URL, {
      method: "POST",
      body: "x".repeat(20),
      headers: { "Content-Type": "text/plain", "Content-Length": "20" },
    });
    expect((await refused(readBodyText(declared, 10)))[0]).toBe(413);
    expect((await refused(readBodyText(streamed(["x".repeat(6), "x".repeat(6)], "text/plain"), 10)))[0]).toBe(413);
    expect(await refused(readBodyText(streamed([new Uint8Array([0xc3, 0x28])], "text/plain")))).toEqual([
      400,
      "The request body is not valid UTF-8.",
    ]);
  });

  it("reads a multipart form sent in pieces without a Content-Length, within the limit", async () => {
    const body = multipartBody("Listing number,Price\r\n1,12.50\r\n");
    const form = await readForm(streamed([body.slice(0, 50), body.slice(50)], MULTIPART), 10_000);
    expect(form.get("intent")).toBe("check");
    const file = form.get("file") as File;
    expect(file.name).toBe("prix-été.csv");
    expect(await file.text()).toBe("Listing number,Price\r\n1,12.50\r\n");
  });

  it("refuses a multipart form over the limit, said or found on the way, and one that is malformed", async () => {
    const big = multipartBody("9".repeat(2_000));
    expect((await refused(readForm(streamed([big], MULTIPART), 1_000)))[0]).toBe(413);
    const declared = new Request(FORM_URL, {
      method: "POST",
      body: big,
      headers: { "Content-Type": MULTIPART, "Content-Length": String(big.length) },
    });
    expect((await refused(readForm(declared, 1_000)))[0]).toBe(413);
    expect(await refused(readForm(streamed(["not multipart at all"], MULTIPART)))).toEqual([
      400,
      "The form could not be read: the multipart body is malformed.",
    ]);
  });

  it("refuses a form of another type, and JSON that does not parse, each with the reason", async () => {
    expect(await refused(readForm(streamed(["{}"], "application/json")))).toEqual([
      415,
      "Send the form as application/x-www-form-urlencoded or multipart/form-data.",
    ]);
    expect(await refused(readJson(streamed(["{"], "application/json")))).toEqual([
      400,
      "The request body is not valid JSON.",
    ]);
  });
});
