import { afterAll, beforeAll } from "vitest";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "./server-process";

/**
 * For a test file: a production server on a fresh SQLite file, started before its tests with
 * the demo seller signed in, and stopped after them.
 */
export function serverWithSignedInSeller(environment: Record<string, string> = {}): {
  url(): string;
  session(): string;
} {
  let server: ServerProcess | undefined;
  let session = "";
  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), environment);
    session = await signInOverHttp(server.url);
  }, 60_000);
  afterAll(() => server?.stop());
  return { url: () => server?.url ?? "", session: () => session };
}
