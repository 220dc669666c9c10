import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { DatabaseSync } from "node:sqlite";

export { expect };

export const DEMO = { username: "demo", password: "sellerhub", name: "Jordan Lee" } as const;

/** Signs in through the form, as a seller would. */
export async function signIn(
  page: Page,
  username: string = DEMO.username,
  password: string = DEMO.password,
): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/sh/"));
}

/** Waits until React has taken over the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Nothing axe-core can find with every rule it has: WCAG 2.2 A and AA, and its best practices. */
export async function expectNoAccessibilityViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(" ")) })),
  ).toEqual([]);
}

/** The server's SQLite file, opened read-only, to check what a flow wrote. */
export function openTestDatabase(): DatabaseSync {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set: run the tests through Playwright's config.");
  return new DatabaseSync(path, { readOnly: true });
}

export const test = base.extend<{ signedInPage: Page }>({
  signedInPage: async ({ page }, use) => {
    await signIn(page);
    await waitForHydration(page);
    await use(page);
  },
});
