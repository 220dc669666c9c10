/**
 * `npm start`: builds if the sources are newer than the build, then serves Seller Hub on PORT
 * (3000) with DATABASE_URL, or an embedded SQLite file under data/ created and seeded on first start.
 */
import { buildIfNeeded } from "./build-if-needed.ts";

buildIfNeeded();
await import("./serve.ts");
