import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { openDatabase } from "~/db/database.server";
import { openAccount } from "~/team/accounts.server";

const folder = mkdtempSync(join(tmpdir(), "messages-commands-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const TARGETS = [
  { name: "SQLite", create: async () => ({ url: `sqlite:${join(folder, "hub.db")}`, drop: async () => {} }) },
  ...(TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", create: () => createPostgresDatabase(TEST_DATABASE_URL as string) }]
    : []),
];

function writeFile(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
}

const GOOD = {
  audience: { seller: "priya" },
  endsAt: "2099-01-01",
  model: { title: "New: bulk prices", type: "info", message: "Change prices together.", controls: [{ name: "cross" }] },
};

/** One of the operators' message commands, `npm run messages:NAME`, on the database at `databaseUrl`. */
function runCommand(databaseUrl: string, name: "add" | "list" | "end", ...args: string[]) {
  return spawnSync(process.execPath, [`scripts/messages-${name}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

describe.each(TARGETS)("npm run messages:add, :list and :end on $name", (target) => {
  let url: string;
  let drop: () => Promise<void>;

  const run = (path: string) => runCommand(url, "add", path);

  async function storedModels(): Promise<string[]> {
    const database = await openDatabase(url);
    const rows = await database.db.selectFrom("message").select("model").execute();
    await database.close();
    return rows.map((row) => row.model);
  }

  beforeAll(async () => {
    ({ url, drop } = await target.create());
    const database = await openDatabase(url);
    await openAccount(
      database.db,
      {
        username: "priya",
        display_name: "Priya",
        feedback_score: 750,
        store_url: "https://stores.example.com/priya",
        site: "EBAY_US",
        locale: "en-US",
        currency: "USD",
        created_at: 0,
      },
      "x",
    );
    await database.close();
  }, 60_000);
  afterAll(() => drop());

  it("refuses a malformed message with the reason, exits with 1, and writes nothing", () => {
    const path = writeFile("bad.json", {
      ...GOOD,
      model: { ...GOOD.model, type: "banner", content: [{ text: "x", styles: "BOLD" }] },
    });
    const result = run(path);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Refused: nothing was written.");
    expect(result.stderr).toContain(
      `${path}: model.type: type must be alert, success, info or dialog, or a list of them`,
    );
    expect(result.stderr).toContain(`${path}: model.content[0].styles: Styles must be passed as an array`);
    return expect(storedModels()).resolves.toEqual([]);
  });

  it("refuses a file that is not JSON, and one for a seller who does not exist", async () => {
    const broken = run(writeFile("broken.json", "{ audience: all"));
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json could not be read as JSON/);
    const stranger = run(writeFile("stranger.json", { ...GOOD, audience: { seller: "nobody" } }));
    expect(stranger.status).toBe(1);
    expect(stranger.stderr).toContain('audience.seller: no seller has the username "nobody"');
    expect(await storedModels()).toEqual([]);
  });

  it("adds a valid message and says what it added", async () => {
    const result = run(writeFile("good.json", GOOD));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^Added message 1 for priya: shown from \S+ until 2099-01-01T00:00:00.000Z; its cookies are named shui-messages-1-…\.\n$/,
    );
    expect((await storedModels()).map((model) => JSON.parse(model))).toEqual([GOOD.model]);
  });

  // Three commands, each a Node process of its own: on a busy machine they outlast the default 5 s.
  it("lists the message with its id, ends it by that id, and then lists nothing", () => {
    const listed = runCommand(url, "list");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      /^1\tshowing from \S+ until 2099-01-01T00:00:00.000Z\tfor priya\tNew: bulk prices\n$/,
    );
    const ended = runCommand(url, "end", "1");
    expect(ended.stderr).toBe("");
    expect(ended.stdout).toMatch(/^Ended message 1 for priya \("New: bulk prices"\) at \S+\.\n$/);
    expect(runCommand(url, "list").stdout).toBe("No message is showing or scheduled.\n");
  }, 30_000);

  it("refuses to end a message that has ended or never existed, saying which", () => {
    const again = runCommand(url, "end", "1");
    expect(again.status).toBe(1);
    expect(again.stderr).toBe("Refused: nothing was changed.\n  - Message 1 has already ended.\n");
    expect(runCommand(url, "end", "42").stderr).toContain("There is no message 42.");
    expect(runCommand(url, "end", "first").stderr).toContain("Usage: npm run messages:end -- ID");
  }, 30_000);
});

describe("npm run messages:add, used wrongly", () => {
  it("refuses to run without a database rather than create an empty one", () => {
    const missing = join(folder, "missing", "hub.db");
    const result = runCommand(`sqlite:${missing}`, "add", writeFile("any.json", GOOD));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`There is no database at ${missing}`);
  });

  it("says how to use it when not given one file", () => {
    const result = runCommand(`sqlite:${join(folder, "hub.db")}`, "add");
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Usage: npm run messages:add -- FILE.json (one file)");
  });
});
