import { request as httpRequest } from "node:http";

/** The bytes the server sends for a URL with these headers, as they cross the wire (no decompression). */
export function encodedBytes(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks)));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}
