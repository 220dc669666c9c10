import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "./fixtures";

/*
 * Messages added as an operator adds them, with `npm run messages:add`, to the end-to-end
 * server's database.
 */
const folder = mkdtempSync(join(tmpdir(), "e2e-messages-"));

export interface MessageOptions {
  /** The seller who sees it: pick one that no other test's page depends on. */
  seller: string;
  type?: string | string[];
  config?: Record<string, unknown>;
  endsAt?: string;
  controls?: unknown[];
  /** The same message in other languages, by their title: the English one is `title`'s. */
  translations?: Record<string, string>;
}

/** Runs the operator's command; gives the message's id, which names its cookies. */
export function addOperatorMessage(
  title: string,
  { seller, type = "info", config = {}, endsAt, controls, translations }: MessageOptions,
): string {
  const file = join(folder, `${title.replaceAll(/\W+/g, "-")}.json`);
  const modelOf = (words: string) => ({
    title: words,
    type,
    message: `${words}: details for the seller.`,
    controls: controls ?? [{ name: "cross", accessibilityText: `Dismiss ${words}` }],
    config,
  });
  const model = translations
    ? {
        languages: {
          "en-US": modelOf(title),
          ...Object.fromEntries(Object.entries(translations).map(([language, words]) => [language, modelOf(words)])),
        },
      }
    : modelOf(title);
  writeFileSync(file, JSON.stringify({ audience: { seller }, ...(endsAt && { endsAt }), model }));
  const result = spawnSync(process.execPath, ["scripts/messages-add.ts", file], {
    env: { ...process.env, DATABASE_URL: `sqlite:${process.env.E2E_DATABASE_PATH}` },
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  const id = /^Added message (\d+) /.exec(result.stdout)?.[1];
  if (!id) throw new Error(`messages:add said: ${result.stdout}`);
  return id;
}

export function removeMessage(id: string): void {
  // Waits its turn behind the server's writes, as the server's own connections do: without a
  // busy timeout SQLite refuses at once ("database is locked", seen in a CI run while other
  // journeys were changing prices).
  const database = new DatabaseSync(process.env.E2E_DATABASE_PATH as string, { timeout: 10_000 });
  database.prepare("delete from message where id = ?").run(Number(id));
  database.close();
}
