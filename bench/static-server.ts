/**
 * The reference point: the same bytes as a page, served by a bare node:http listener. With an
 * encoding (`br`), the file holds the page as the hub sent it compressed, and is sent as such.
 */
import { createServer } from "node:http";
import { readFileSync } from "node:fs";

const body = readFileSync(process.argv[2] as string);
const encoding = process.argv[3];
const server = createServer((_request, response) => {
  response.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
    ...(encoding ? { "Content-Encoding": encoding, Vary: "Accept-Encoding" } : {}),
  });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`static server ready at http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
