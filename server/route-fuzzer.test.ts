import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { JSDOM } from "jsdom";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { fillRoute, findRouteParams, ROUTE_TABLE, signedInClient, type SignedInClient } from "../test/route-table";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/*
 * Every route of the hub (read from app/routes.ts, so a new one is covered without being listed
 * here) with every query field its pages link with, every field of every form its pages hold, and
 * its path parameters, each given every value of a hostile corpus in turn: the server answers
 * below 500 every time, and an answer that refuses (4xx) has written nothing. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */

/** Values a field may receive from a careless client or a hostile one. */
const HOSTILE_VALUES = [
  "",
  "é",
  "e\u0301",
  "😀😀",
  "Écran Dell 27 pouces",
  "\u0000",
  "\u202eevil",
  "x".repeat(10_000),
  "1e20",
  "1e308",
  "-0",
  "-1",
  "0.5",
  "Infinity",
  "-Infinity",
  "NaN",
  String(2 ** 31),
  String(2 ** 53 + 1),
  "9999999999",
  "0x10",
  "%",
  "<script>alert(1)</script>",
];

/** Query fields tried on every page whether or not a page links with them. */
const ALWAYS_TRIED_QUERY_FIELDS = ["offset", "limit", "q", "redirectTo", "returnTo"];

interface FoundForm {
  method: "GET" | "POST";
  action: string;
  fields: Array<[string, string]>;
}

/** The forms of a page and the query fields its links to `pathname` carry. */
function readPage(html: string, pageUrl: string): { forms: FoundForm[]; linkFields: Map<string, Set<string>> } {
  const { document } = new JSDOM(html, { url: pageUrl }).window;
  const forms = [...document.querySelectorAll("form")].map((form) => {
    const fields: Array<[string, string]> = [];
    for (const element of form.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]")) {
      // A checkbox is sent ticked, so that what it carries reaches the action; a radio group sends its choice.
      if (element.type === "radio" && !element.checked) continue;
      fields.push([element.name, element.value]);
    }
    const submitter = form.querySelector<HTMLButtonElement>("button[name]");
    if (submitter) fields.push([submitter.name, submitter.value]);
    const action = new URL(form.getAttribute("action") ?? pageUrl, pageUrl);
    return {
      method: (form.getAttribute("method") ?? "get").toUpperCase() === "POST" ? "POST" : "GET",
      action: action.pathname + action.search,
      fields,
    } satisfies FoundForm;
  });
  const linkFields = new Map<string, Set<string>>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const url = new URL(link.href, pageUrl);
    if (url.origin !== new URL(pageUrl).origin) continue;
    const keys = linkFields.get(url.pathname) ?? new Set();
    for (const key of url.searchParams.keys()) keys.add(key);
    linkFields.set(url.pathname, keys);
  }
  return { forms, linkFields };
}

/**
 * A digest of every table's rows but the sign-in failures (recording a failed sign-in is how
 * guessing is limited), and of sessions without the time they were last used (any request may
 * write it, every five minutes).
 */
type DatabaseDigest = () => Promise<Record<string, string>>;

function sqliteDigest(path: string): DatabaseDigest {
  return async () => {
    const database = new DatabaseSync(path, { readOnly: true });
    try {
      const tables = database
        .prepare(
          "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' and name not like '%_fts%'",
        )
        .all() as Array<{ name: string }>;
      return Object.fromEntries(
        tables
          .filter(({ name }) => name !== "sign_in_failure")
          .map(({ name }) => [
            name,
            createHash("sha256")
              .update(
                JSON.stringify(
                  database
                    .prepare(`select * from "${name}" order by 1`)
                    .all()
                    .map(({ last_seen_at: _lastSeenAt, ...row }) => row),
                ),
              )
              .digest("hex"),
          ]),
      );
    } finally {
      database.close();
    }
  };
}

function postgresDigest(url: string): DatabaseDigest {
  return async () => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows: tables } = await client.query<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' and table_name <> 'sign_in_failure'",
      );
      const digest: Record<string, string> = {};
      for (const { name } of tables) {
        const { rows } = await client.query<{ digest: string | null }>(
          `select md5(string_agg(r::text, ',' order by r::text)) as digest from (select to_jsonb(t) - 'last_seen_at' as r from "${name}" t) rows`,
        );
        digest[name] = rows[0]?.digest ?? "";
      }
      return digest;
    } finally {
      await client.end();
    }
  };
}

const sameDigest = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

interface Answer {
  what: string;
  status: number;
  wroteOnRefusal: boolean;
}

const databases = [
  {
    name: "SQLite",
    async start() {
      const url = temporarySqliteUrl();
      return { url, digest: sqliteDigest(url.slice("sqlite:".length)), drop: async () => {} };
    },
  },
  ...(TEST_DATABASE_URL
    ? [
        {
          name: "PostgreSQL",
          async start() {
            const { url, drop } = await createPostgresDatabase(TEST_DATABASE_URL as string);
            return { url, digest: postgresDigest(url), drop };
          },
        },
      ]
    : []),
];

describe.each(databases)("every route with hostile input, on $name", (database) => {
  let server: ServerProcess;
  let digest: DatabaseDigest;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const started = await database.start();
    digest = started.digest;
    drop = started.drop;
    server = await startServerProcess(started.url);
    client = signedInClient(() => server.url, await signInOverHttp(server.url));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await drop();
  });

  let client: SignedInClient;
  const get = (path: string) => client.get(path);
  const post = (path: string, body: string) => client.post(path, body);
  const srt = () => client.srt();

  /** The session as it should be for the next request: signed in, on the new tool. */
  async function restoreSession(): Promise<void> {
    if ((await get("/sh/ovw")).status !== 200) client.useSession(await signInOverHttp(server.url));
    await post("/sh/optin", new URLSearchParams({ srt: await srt() }).toString());
  }

  it("answers below 500 and writes nothing when it refuses", async () => {
    const answers: Answer[] = [];
    const flat = ROUTE_TABLE;
    const params = await findRouteParams(client);
    for (const route of flat)
      for (const name of route.params) expect(params, `a value for :${name} of ${route.path}`).toHaveProperty(name);

    /** Sends a request; one that changes state has the database read before and after it. */
    async function check(what: string, send: () => Promise<Response>, changesState = false): Promise<void> {
      const before = changesState ? await digest() : undefined;
      const response = await send();
      await response.arrayBuffer();
      const refused = response.status >= 400 && response.status < 500;
      const wroteOnRefusal = refused && before !== undefined && !sameDigest(before, await digest());
      answers.push({ what, status: response.status, wroteOnRefusal });
    }

    // What each page links with and which forms it holds.
    const queryFields = new Map<string, Set<string>>();
    const forms: FoundForm[] = [];
    for (const route of flat) {
      const path = fillRoute(route.path, params);
      const response = await get(path);
      const html = await response.text();
      if (!(response.headers.get("content-type") ?? "").includes("text/html")) continue;
      const page = readPage(html, `${server.url}${path}`);
      forms.push(...page.forms);
      for (const [pathname, keys] of page.linkFields) {
        const known = queryFields.get(pathname) ?? new Set();
        for (const key of keys) known.add(key);
        queryFields.set(pathname, known);
      }
    }
    for (const form of forms.filter(({ method }) => method === "GET")) {
      const known = queryFields.get(form.action.split("?")[0] as string) ?? new Set();
      for (const [name] of form.fields) known.add(name);
      queryFields.set(form.action.split("?")[0] as string, known);
    }

    // Each path parameter, each query field: reading a page writes nothing, whatever its address holds.
    const beforeReading = await digest();
    for (const route of flat) {
      for (const name of route.params)
        for (const value of HOSTILE_VALUES)
          await check(`GET ${route.path} :${name}=${value.slice(0, 20)}`, () =>
            get(fillRoute(route.path, { ...params, [name]: value || "%20" })),
          );
      const path = fillRoute(route.path, params);
      const fields = new Set([...ALWAYS_TRIED_QUERY_FIELDS, ...(queryFields.get(path) ?? [])]);
      for (const field of fields) {
        for (const value of HOSTILE_VALUES)
          await check(`GET ${path}?${field}=${value.slice(0, 20)}`, () =>
            get(`${path}?${new URLSearchParams({ [field]: value })}`),
          );
        await check(`GET ${path}?${field} twice`, () => get(`${path}?${field}=1&${field}=2`));
        await check(`GET ${path}?${field}[]`, () => get(`${path}?${field}[]=1&${field}[0]=2`));
      }
    }

    expect(sameDigest(beforeReading, await digest()), "no row changed by reading pages").toBe(true);

    // Each field of each form that changes state, with the session's own token so that it reaches the checks
    // behind it; the token itself gets the corpus too, and the same length in characters with a multi-byte one.
    const posts = new Map(
      forms
        .filter(({ method }) => method === "POST")
        .map((form) => [form.action + form.fields.map(([n]) => n).join(), form]),
    );
    for (const form of posts.values()) {
      const fieldNames = [...new Set(form.fields.map(([name]) => name))];
      for (const field of fieldNames) {
        const values = [...HOSTILE_VALUES];
        if (field === "srt") values.push(`é${(await srt()).slice(1)}`);
        for (const value of values) {
          await restoreSession();
          const sessionToken = await srt();
          const body = new URLSearchParams(
            form.fields.map(([name, current]) => [
              name,
              name === field ? value : name === "srt" ? sessionToken : name === "username" ? "nobody-fuzzed" : current,
            ]),
          );
          await check(
            `POST ${form.action} ${field}=${value.slice(0, 20)}`,
            () => post(form.action, body.toString()),
            true,
          );
        }
        await restoreSession();
        const sessionToken = await srt();
        await check(
          `POST ${form.action} ${field} twice`,
          () => post(form.action, `srt=${encodeURIComponent(sessionToken)}&${field}=1&${field}=2`),
          true,
        );
      }
    }

    console.info(`route fuzzer on ${database.name}: ${answers.length} requests, ${forms.length} forms`);
    expect(answers.length).toBeGreaterThan(500);
    expect(answers.filter(({ status }) => status >= 500).map(({ what, status }) => `${status} ${what}`)).toEqual([]);
    expect(
      answers.filter(({ wroteOnRefusal }) => wroteOnRefusal).map(({ what, status }) => `${status} ${what}`),
    ).toEqual([]);
  }, 600_000);
});
