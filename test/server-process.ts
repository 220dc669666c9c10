import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Everything the server printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A fresh SQLite file in a temporary folder. */
export function temporarySqliteUrl(): string {
  return `sqlite:${join(mkdtempSync(join(tmpdir(), "seller-hub-")), "hub.db")}`;
}

/**
 * Serves the production build (which `npm test` makes first) on a free port, as an operator
 * would, and waits until it says it is ready. It never builds: several run at once. One server
 * process unless `environment` sets WEB_CONCURRENCY: many of these run side by side.
 */
/** Starts `script` (the production server unless told otherwise) and resolves once it says it is ready. */
export function startServerProcess(
  databaseUrl: string,
  environment: Record<string, string> = {},
  script = "scripts/serve.ts",
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    // The test runner's NODE_ENV=test would put React in its slow development mode.
    env: {
      ...process.env,
      WEB_CONCURRENCY: "1",
      ...environment,
      NODE_ENV: "production",
      PORT: "0",
      DATABASE_URL: databaseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Seller Hub is ready at (\S+)/.exec(output);
      if (!ready?.[1]) return;
      clearTimeout(timer);
      resolve({
        url: ready[1],
        process: child,
        output: () => output,
        stop: (signal = "SIGTERM") => {
          if (child.exitCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/** The processes of a running server: its own, then its workers' (none with WEB_CONCURRENCY=1). */
export function serverProcessIds(pid: number): number[] {
  const children = `/proc/${pid}/task/${pid}/children`;
  const workers = existsSync(children)
    ? readFileSync(children, "utf8").trim().split(/\s+/).filter(Boolean).map(Number)
    : [];
  return [pid, ...workers];
}

/**
 * Signs in over plain HTTP, through the form as a browser would, and returns the session's
 * Set-Cookie header as the server sent it (with its attributes). `headers` go with both requests.
 */
export async function signInSetCookie(
  baseUrl: string,
  username = "demo",
  password = "sellerhub",
  headers: Record<string, string> = {},
): Promise<string> {
  const form = await fetch(`${baseUrl}/signin`, { headers });
  const tokenCookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const srt = /name="srt" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const signedIn = await fetch(`${baseUrl}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Cookie: tokenCookie },
    body: new URLSearchParams({ username, password, srt }),
  });
  const session = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("sh_session="));
  if (!session) throw new Error(`Sign-in as ${username} failed with ${signedIn.status}`);
  return session;
}

/** Signs in over plain HTTP and returns the Cookie header of the new session. */
export async function signInOverHttp(baseUrl: string, username = "demo", password = "sellerhub"): Promise<string> {
  return (await signInSetCookie(baseUrl, username, password)).split(";")[0] as string;
}

/**
 * Sends `request` as it is, byte for byte, on a connection of its own (for what fetch will not
 * send: two Host headers, a request line that is not HTTP), and resolves with all the server said
 * before closing it.
 */
export async function sendRawRequest(baseUrl: string, request: string): Promise<string> {
  const { port, hostname } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let answer = "";
  socket.on("data", (chunk) => (answer += chunk.toString()));
  socket.write(request);
  await new Promise((resolve) => socket.once("close", resolve));
  return answer;
}
