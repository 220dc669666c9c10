import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Node's fetch decodes bodies itself; this reads the bytes as they crossed the wire. */
function getRaw(url: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Each response has its own CSP nonce: the page without it, to compare two responses. */
/** The page without what differs in every answer: the CSP nonce, and the anti-forgery token's mask (decision 053). */
function withoutNonce(html: string, response: RawResponse): string {
  const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
  expect(nonce).toBeTruthy();
  return html.replaceAll(nonce as string, "").replaceAll(/[\w-]{43}\.[\w-]{43}/g, "srt");
}

describe("compressed pages and navigation data", () => {
  let server: ServerProcess;
  let session: string;

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl());
    session = await signInOverHttp(server.url);
  }, 60_000);
  afterAll(() => server?.stop());

  it("sends a page brotli-compressed to a browser that accepts it, and the same page when decoded", async () => {
    const plain = await getRaw(`${server.url}/sh/ovw`, { Cookie: session });
    const brotli = await getRaw(`${server.url}/sh/ovw`, {
      Cookie: session,
      "Accept-Encoding": "gzip, deflate, br, zstd",
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(withoutNonce(brotliDecompressSync(brotli.body).toString(), brotli)).toBe(
      withoutNonce(plain.body.toString(), plain),
    );
  });

  it("falls back to gzip, and to none when the browser refuses every encoding", async () => {
    const gzip = await getRaw(`${server.url}/signin`, { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toContain("<html");
    const refused = await getRaw(`${server.url}/signin`, { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toContain("<html");
  });

  it("compresses the data of an in-app navigation", async () => {
    const data = await getRaw(`${server.url}/sh/lst/active.data`, { Cookie: session, "Accept-Encoding": "br" });
    expect(data.status).toBe(200);
    expect(data.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(data.body).toString()).toContain("listings");
  });

  it("leaves empty answers alone", async () => {
    const redirect = await getRaw(`${server.url}/sh/ovw`, { "Accept-Encoding": "br" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers["content-encoding"]).toBeUndefined();
  });
});
