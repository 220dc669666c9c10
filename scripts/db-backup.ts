/**
 * `npm run db:backup -- FILE`: a consistent copy of the embedded SQLite database of DATABASE_URL,
 * taken while the hub serves, with SQLite's online backup (node:sqlite's `backup`). The copy is
 * written beside FILE and renamed into place once its integrity check passes, so FILE is never
 * half a backup. PostgreSQL is backed up with pg_dump instead (README, "Backups").
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import { backup, DatabaseSync } from "node:sqlite";
import { refuse } from "./operator-database.ts";

const { DEFAULT_DATABASE_URL, sqlitePathOf } = await import("../app/db/database.server.ts");

/**
 * All pages in one step: one read transaction, so the copy is the database at one moment. In
 * smaller steps SQLite restarts the copy whenever another process writes, which under steady
 * writes may never end. WAL mode lets the hub's processes write meanwhile.
 */
const ALL_PAGES = 2 ** 31 - 1;

const outcome = "no backup was made";
const files = process.argv.slice(2);
if (files.length !== 1 || !files[0])
  refuse(["Usage: npm run db:backup -- FILE (where to write the copy; it must not exist yet)"], outcome);
const target = files[0] as string;
const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const source = sqlitePathOf(url);
if (source === undefined)
  refuse(['DATABASE_URL names a PostgreSQL database: back it up with pg_dump (README, "Backups").'], outcome);
if (source === ":memory:")
  refuse(
    ["An in-memory database lives only inside the server process that holds it: there is no file to back up."],
    outcome,
  );
if (!existsSync(source))
  refuse(
    [`There is no database at ${source}: start the hub once (npm start) to create it, or set DATABASE_URL.`],
    outcome,
  );
if (existsSync(target))
  refuse([`${target} exists already: name a new file, so no earlier backup is overwritten.`], outcome);

const partial = `${target}.partial`;
rmSync(partial, { force: true });
const database = new DatabaseSync(source, { readOnly: true, timeout: 5000 });
try {
  const pages = await backup(database, partial, { rate: ALL_PAGES });
  const copy = new DatabaseSync(partial, { readOnly: true });
  const problems = (copy.prepare("PRAGMA integrity_check").all() as Array<{ integrity_check: string }>).map(
    (row) => row.integrity_check,
  );
  copy.close();
  if (problems.join() !== "ok") {
    rmSync(partial, { force: true });
    refuse([`The copy failed its integrity check: ${problems.slice(0, 5).join("; ")}`], outcome);
  }
  renameSync(partial, target);
  console.log(`Backed up ${source} to ${target} (${pages} pages; integrity check passed).`);
} finally {
  database.close();
}
