/** The server the end-to-end tests run against: the production build on a fresh SQLite file. */
import { rmSync } from "node:fs";

const path = process.env.E2E_DATABASE_PATH;
if (!path) throw new Error("E2E_DATABASE_PATH must name the SQLite file the end-to-end tests use.");
for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
process.env.DATABASE_URL = `sqlite:${path}`;
await import("./serve.ts");
