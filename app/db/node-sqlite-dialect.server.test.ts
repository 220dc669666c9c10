import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, sql, type Generated } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNodeSqliteDialect, retryWhileBusy } from "./node-sqlite-dialect.server";

interface Schema {
  note: { id: Generated<number>; text: string };
}

let folder: string;
let path: string;
let db: Kysely<Schema>;
/** Another process's connection to the same file, as a second server process has. */
let otherProcess: DatabaseSync;

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "sqlite-dialect-"));
  path = join(folder, "hub.db");
  db = new Kysely<Schema>({ dialect: createNodeSqliteDialect(path) });
  await sql`create table note (id integer primary key, text text not null)`.execute(db);
  otherProcess = new DatabaseSync(path, { timeout: 0 });
});

afterEach(async () => {
  otherProcess.close();
  await db.destroy();
  rmSync(folder, { recursive: true, force: true });
});

/** Resolves after the event loop has turned: proof that nothing holds it. */
const turnOfTheEventLoop = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the SQLite driver's two connections", () => {
  it("a write that waits for another process's write lock leaves the event loop and reads free, then lands", async () => {
    await db.insertInto("note").values({ text: "before" }).execute();
    otherProcess.exec("begin immediate");
    let landed = false;
    const write = db
      .insertInto("note")
      .values({ text: "waited" })
      .execute()
      .then(() => (landed = true));

    await turnOfTheEventLoop();
    expect(await db.selectFrom("note").select("text").execute()).toEqual([{ text: "before" }]);
    expect(landed).toBe(false);

    otherProcess.exec("commit");
    await write;
    expect((await db.selectFrom("note").select("text").orderBy("id").execute()).map((row) => row.text)).toEqual([
      "before",
      "waited",
    ]);
  });

  it("a transaction's reads see its own writes; other reads see them only once it commits", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto("note").values({ text: "inside" }).execute();
      expect(await trx.selectFrom("note").select("text").execute()).toEqual([{ text: "inside" }]);
      await held;
    });
    await turnOfTheEventLoop();
    expect(await db.selectFrom("note").selectAll().execute()).toEqual([]);
    release();
    await transaction;
    expect(await db.selectFrom("note").select("text").execute()).toEqual([{ text: "inside" }]);
  });

  it("a write made while another request's transaction is open is not swept into it: the rollback keeps it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto("note").values({ text: "rolled back" }).execute();
      await held;
      throw new Error("the request failed");
    });
    await turnOfTheEventLoop();
    const separate = db.insertInto("note").values({ text: "kept" }).execute();
    await turnOfTheEventLoop();
    release();
    await expect(failing).rejects.toThrow("the request failed");
    await separate;
    expect(await db.selectFrom("note").select("text").execute()).toEqual([{ text: "kept" }]);
  });

  it("two transactions at once take turns, and both commit", async () => {
    await Promise.all(
      ["first", "second"].map((text) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto("note").values({ text }).execute();
          await turnOfTheEventLoop();
          await trx
            .insertInto("note")
            .values({ text: `${text} again` })
            .execute();
        }),
      ),
    );
    expect((await db.selectFrom("note").select("text").orderBy("id").execute()).map((row) => row.text)).toEqual([
      "first",
      "first again",
      "second",
      "second again",
    ]);
  });
});

describe("retryWhileBusy", () => {
  it("gives up with SQLite's busy error after the wait, and passes any other error at once", async () => {
    const busy = Object.assign(new Error("database is locked"), { errcode: 5 });
    let tries = 0;
    await expect(
      retryWhileBusy(() => {
        tries++;
        throw busy;
      }, 30),
    ).rejects.toBe(busy);
    expect(tries).toBeGreaterThan(3);

    tries = 0;
    const other = Object.assign(new Error("no such table"), { errcode: 1 });
    await expect(
      retryWhileBusy(() => {
        tries++;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(tries).toBe(1);
  });
});
