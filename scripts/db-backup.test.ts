import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowCounts } from "../test/row-counts";
import { sampleBeacon } from "../test/speed-beacons";
import { signInSetCookie, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/** `npm run db:backup -- FILE` against `databaseUrl`, run alongside the test's own requests. */
function backUp(databaseUrl: string, file: string): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, ["scripts/db-backup.ts", file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (status) => resolve({ status, output })));
}

describe("npm run db:backup while the hub serves", () => {
  let server: ServerProcess;
  let url: string;
  const folder = mkdtempSync(join(tmpdir(), "seller-hub-backup-"));

  beforeAll(async () => {
    url = temporarySqliteUrl();
    server = await startServerProcess(url);
  }, 60_000);
  afterAll(() => server?.stop());

  it("copies the database as it was at one moment, and the copy passes its integrity check", async () => {
    const source = url.slice("sqlite:".length);
    const before = rowCounts(source);
    // One writer, in a fixed order: a beacon, then a sign-in (which records its attempt, forgives
    // it, then starts a session). At any moment the source holds as many new sessions as beacons,
    // or one fewer; and an attempt is on record only while a sign-in is under way.
    const writer = { writing: true, steps: 0 };
    const load = (async () => {
      while (writer.writing) {
        const beacon = await fetch(`${server.url}/sh/beacon`, {
          method: "POST",
          headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
          body: JSON.stringify(sampleBeacon()),
        });
        expect(beacon.status).toBe(204);
        await signInSetCookie(server.url);
        writer.steps += 1;
      }
    })();
    while (writer.steps < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    const file = join(folder, "hub-backup.db");
    const { status, output } = await backUp(url, file);
    const stepsDuringBackup = writer.steps;
    while (writer.steps < stepsDuringBackup + 2) await new Promise((resolve) => setTimeout(resolve, 20));
    writer.writing = false;
    await load;

    expect(output).toMatch(/^Backed up .+ \(\d+ pages; integrity check passed\)\.\n$/);
    expect(status).toBe(0);
    const copy = new DatabaseSync(file, { readOnly: true });
    expect(copy.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    copy.close();

    const copied = rowCounts(file);
    const after = rowCounts(source);
    const beacons = (copied.speed_beacon ?? 0) - (before.speed_beacon ?? 0);
    const sessions = (copied.session ?? 0) - (before.session ?? 0);
    const attempts = (copied.sign_in_failure ?? 0) - (before.sign_in_failure ?? 0);
    expect(beacons).toBeGreaterThanOrEqual(3);
    expect(beacons).toBeLessThan((after.speed_beacon ?? 0) - (before.speed_beacon ?? 0));
    expect([0, 1]).toContain(beacons - sessions);
    expect(attempts === 0 || (attempts === 1 && beacons - sessions === 1)).toBe(true);
    // Each sign-in makes its session, then remembers its browser: the copy's moment may fall between the two.
    expect([sessions - 1, sessions]).toContain((copied.known_browser ?? 0) - (before.known_browser ?? 0));
    // The beacons' queue and hours change as the hub's housekeeping sums them, whenever it does.
    const changing = {
      speed_beacon: 0,
      speed_beacon_unsummed: 0,
      speed_summary_hour: 0,
      session: 0,
      sign_in_failure: 0,
      known_browser: 0,
    };
    expect({ ...copied, ...changing }).toEqual({ ...before, ...changing });
    expect(existsSync(`${file}.partial`)).toBe(false);
  }, 60_000);

  it("refuses to overwrite a file, to copy PostgreSQL (pg_dump does) or a file that is not there, saying why", async () => {
    const existing = join(folder, "existing.db");
    expect((await backUp(url, existing)).status).toBe(0);
    expect(await backUp(url, existing)).toEqual({
      status: 1,
      output: `Refused: no backup was made.\n  - ${existing} exists already: name a new file, so no earlier backup is overwritten.\n`,
    });
    expect((await backUp("postgres://hub@db.invalid/hub", join(folder, "pg.db"))).output).toContain(
      "back it up with pg_dump",
    );
    expect((await backUp(`sqlite:${join(folder, "missing.db")}`, join(folder, "none.db"))).output).toContain(
      "There is no database at",
    );
  });
});
