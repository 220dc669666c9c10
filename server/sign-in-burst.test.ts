import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/**
 * Guesses sent all at once, to two worker processes: the password check takes long enough that a
 * limit counted before it, and recorded after it, would let the whole burst through.
 */
describe("a burst of parallel sign-in guesses", () => {
  let hub: ServerProcess;
  beforeAll(async () => {
    hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "2" });
  }, 90_000);
  afterAll(() => hub?.stop());

  async function signInForm(): Promise<{ cookie: string; srt: string }> {
    const form = await fetch(`${hub.url}/signin`);
    const cookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const srt = /name="srt" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
    return { cookie, srt };
  }

  function guess({ cookie, srt }: { cookie: string; srt: string }, password: string): Promise<Response> {
    return fetch(`${hub.url}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ username: "demo", password, srt }),
    });
  }

  it("checks no more than five passwords, and refuses the rest with a retry time", async () => {
    const forms = await Promise.all(Array.from({ length: 30 }, signInForm));
    const answers = await Promise.all(forms.map((form, index) => guess(form, `wrong-${index}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    for (const refused of answers.filter((answer) => answer.status === 429))
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  }, 60_000);
});
