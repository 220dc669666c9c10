import { AxeBuilder } from "@axe-core/playwright";
import axe from "axe-core";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
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
  // A hydrated sign-in form navigates in the page: React Router moves the address to /sh/ first and
  // React draws the hub's page in a transition after it. Until then the sign-in page's own <main>
  // is still there, and a query that found it loses it mid-measure (a CI run's phone check got a
  // null bounding box so). Wait until the sign-in page is gone.
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toHaveCount(0);
}

/** Waits until React has taken over the server-rendered page. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * axe-core leaves its experimental rules off unless asked. Lighthouse's audit found what one of
 * them checks (`td-has-header`: the listings table's selection column had no header) on a page
 * our checks called clean, so they run too.
 */
const EXPERIMENTAL_RULES = Object.fromEntries(
  axe.getRules(["experimental"]).map(({ ruleId }) => [ruleId, { enabled: true }]),
);

/**
 * What one all-rules check may add to its test's time limit. Measured on a quiet machine, one
 * check takes 1.5 s on the overview, 1.8 s on the listings and 3.2 s on a busy dashboard (1,800
 * elements); in CI, two browser workers beside two server processes on two cores made those checks
 * several times slower and cut journeys with a few of them off at Playwright's 30 s. So each
 * check brings its own time, and a test's limit grows with the checks it makes.
 */
const TIME_PER_CHECK_MS = 20_000;

export interface AccessibilityCheckScope {
  /** Only this part of the page, when the rest was checked unchanged before (a dialog's later views). */
  include?: string;
}

/** Nothing axe-core can find with every rule it has: WCAG 2.2 A and AA, its best practices and its experimental rules. */
export async function expectNoAccessibilityViolations(page: Page, scope: AccessibilityCheckScope = {}): Promise<void> {
  const info = base.info();
  // 0 is no limit at all (a test that set it so): nothing to add to.
  if (info.timeout > 0) info.setTimeout(info.timeout + TIME_PER_CHECK_MS);
  let builder = new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES });
  if (scope.include) builder = builder.include(scope.include);
  const { violations } = await builder.analyze();
  expect(
    violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(" ")) })),
  ).toEqual([]);
}

/**
 * The same check for a page shown without JavaScript, where axe-core cannot run: the page's
 * HTML, its scripts taken out, is checked in a page of the same origin that runs axe's own.
 */
export async function expectNoAccessibilityViolationsWithoutJavaScript(page: Page): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const browser = page.context().browser();
  if (!browser) throw new Error("The page has no browser to open a checking page in.");
  // Scripts on for the checker even in a test that turned them off with `test.use`, whose options
  // Playwright applies to every context the test opens: axe-core would never answer there.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const checker = await context.newPage();
  try {
    // Same origin, so the page's style sheets load; /healthz sets no policy of its own.
    await checker.goto(new URL("/healthz", page.url()).href);
    await checker.setContent(html);
    await expectNoAccessibilityViolations(checker);
  } finally {
    await context.close();
  }
}

/** Chromium's network emulation: every request waits `latency` ms, as on a slow mobile network. */
export async function emulateSlowNetwork(page: Page, latency = 350): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * A phone's slower processor, through Chromium's CPU throttling (4 is the figure Lighthouse uses for
 * a mid-range phone). What a loaded CI machine does by chance, this does every run: React's
 * transitions take long enough to leave gaps a seller can see.
 */
export async function emulateSlowProcessor(page: Page, rate = 4): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** The server's SQLite file, opened read-only, to check what a flow wrote. */
export function openTestDatabase(): DatabaseSync {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error("E2E_DATABASE_PATH is not set: run the tests through Playwright's config.");
  // A read can wait on a checkpoint of the server's writes too: wait rather than fail.
  return new DatabaseSync(path, { readOnly: true, timeout: 10_000 });
}

/** The rows a query finds in the server's database, opened read-only for it alone. */
export function queryTestDatabase<Row>(sql: string, ...parameters: Array<string | number | null>): Row[] {
  const database = openTestDatabase();
  try {
    return database.prepare(sql).all(...parameters) as Row[];
  } finally {
    database.close();
  }
}

/** A seller's listings' prices by title (minor units), read from the server's database. */
export function pricesOf(username: string): Record<string, number> {
  const rows = queryTestDatabase<{ title: string; price: number }>(
    "select title, price from listing join seller on seller.id = listing.seller_id where username = ? order by title",
    username,
  );
  return Object.fromEntries(rows.map((row) => [row.title, row.price]));
}

/** The seller's listings' quantities by title, read from the server's database. */
export function quantitiesOf(username: string): Record<string, number> {
  const rows = queryTestDatabase<{ title: string; quantity: number }>(
    "select title, quantity from listing join seller on seller.id = listing.seller_id where username = ? order by title",
    username,
  );
  return Object.fromEntries(rows.map((row) => [row.title, row.quantity]));
}

/** Presses Tab until the element has focus, as a keyboard user moves through the page. */
export async function tabTo(page: Page, target: Locator, most = 120): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** On a phone: opens the header's menu and taps one of its links. */
export async function tapInMenu(page: Page, link: string): Promise<void> {
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: link, exact: true }).tap();
}

/** Whether the page fits its screen's width: nothing scrolls sideways. */
export const scrollsNoWider = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

export const test = base.extend<{ signedInPage: Page }>({
  signedInPage: async ({ page }, use) => {
    await signIn(page);
    await waitForHydration(page);
    await use(page);
  },
});

/** The relative luminance of a computed colour ("rgb(18, 19, 22)"), 0 for black to 1 for white. */
export function luminance(color: string): number {
  const [red, green, blue] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

/** The page's own background, as painted at this moment. */
export function canvasOf(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}
