import { createHash } from "node:crypto";
import {
  DEMO,
  expect,
  expectNoAccessibilityViolations,
  openTestDatabase,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import type { Locator, Page } from "@playwright/test";

test.describe("signing in", () => {
  test("a hub page without a session leads to sign-in, then back to the page", async ({ page }) => {
    await page.goto("/sh/ovw");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fsh%2Fovw/);
    await page.getByLabel("Username").fill(DEMO.username);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  });

  test("wrong credentials get one clear error that does not say which part was wrong", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Username").fill(DEMO.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const wrongPassword = await page.getByRole("alert").textContent();

    await page.getByLabel("Username").fill("nobody-by-this-name");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText(wrongPassword ?? "");
    expect(wrongPassword).toMatch(/do not match an account/);
    await expect(page).toHaveURL(/\/signin/);
  });

  test("the session lives in the database and signing out ends it", async ({ page }) => {
    await signIn(page);
    const database = openTestDatabase();
    // This session's own row (the table holds the token's hash): other tests sign in and out at the same time.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "sh_session")?.value ?? "";
    const id = createHash("sha256").update(token).digest("base64url");
    const stored = () =>
      (database.prepare("select count(*) as n from session where id = ?").get(id) as { n: number }).n;
    expect(stored()).toBe(1);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(stored()).toBe(0);
    await page.goto("/sh/ovw");
    await expect(page).toHaveURL(/\/signin/);
    database.close();
  });

  test("without JavaScript, Back after signing out shows none of the seller's pages", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL(/\/signin$/);
      await page.goBack();
      // The browser asks again (no copy was kept) and the ended session leads to sign-in.
      await expect(page).toHaveURL(/\/signin\?redirectTo=/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toBeVisible();
      await expect(page.getByText(DEMO.name)).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("the sign-in page has no accessibility violations", async ({ page }) => {
    await page.goto("/signin");
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("the shell", () => {
  test("the header shows the member, their score, its star in words and their store", async ({
    signedInPage: page,
  }) => {
    // The closed phone menu holds the member too, hidden; on a desktop the header shows them.
    const header = page.getByRole("banner");
    await expect(header.getByText(DEMO.name).filter({ visible: true })).toBeVisible();
    await expect(header.getByText("1,283").filter({ visible: true })).toBeVisible();
    await expect(header.getByText("Red star").filter({ visible: true })).toBeVisible();
    const store = header.getByRole("link", { name: "Your store (opens in a new window or tab)" });
    await expect(store).toHaveAttribute("href", "https://stores.example.com/demo");
    await expect(store).toHaveAttribute("target", "_blank");
  });

  test("a dropdown opens from its keyboard button and Escape closes it, focus back on the button", async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const button = nav.getByRole("button", { name: "More in Listings" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const outOfStock = nav.getByRole("link", { name: "Out of stock" });
    await expect(outOfStock).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "All listings" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(outOfStock).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("a dropdown opens when the pointer rests on its item", async ({ signedInPage: page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Performance", exact: true }).hover();
    await expect(nav.getByRole("button", { name: "More in Performance" })).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Site speed" })).toBeVisible();
  });

  test("keyboard only: tabbing onto a primary link leaves its dropdown closed, and Enter on its button opens it", async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const link = nav.getByRole("link", { name: "Listings", exact: true });
    const button = nav.getByRole("button", { name: "More in Listings" });
    await nav.getByRole("link", { name: "Overview", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    await expect(nav.getByRole("link", { name: "Out of stock" })).toBeHidden();
    await page.keyboard.press("Tab");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Out of stock" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(nav.getByRole("link", { name: "Out of stock" })).toBeHidden();
  });

  test("a dropdown the pointer opened closes on Escape while focus stays where it is", async ({
    signedInPage: page,
  }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    const sections = page.getByRole("navigation", { name: "Sections" });
    await sections.getByRole("link", { name: "Summary" }).focus();
    await nav.getByRole("link", { name: "Performance", exact: true }).hover();
    await expect(nav.getByRole("link", { name: "Site speed" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Site speed" })).toBeHidden();
    await expect(sections.getByRole("link", { name: "Summary" })).toBeFocused();
  });

  test("the left navigation marks the current page", async ({ signedInPage: page }) => {
    const sections = page.getByRole("navigation", { name: "Sections" });
    await expect(sections.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
    await expect(sections.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test("the side area offers feedback as an e-mail prepared with the seller's username, browser and site", async ({
    signedInPage: page,
  }) => {
    const side = page.getByRole("complementary", { name: "Seller tools" });
    const href = (await side.getByRole("link", { name: "Give feedback" }).getAttribute("href")) ?? "";
    expect(href).toMatch(/^mailto:sellerhub-feedback@example\.com\?subject=Seller%20Hub%20feedback&body=/);
    expect(decodeURIComponent(href)).toMatch(/Username: demo\r\nBrowser: Chrome[^\r]* on Linux\r\nSite: EBAY_US$/);
  });

  test("the overview sums the seller's own listings from the database", async ({ signedInPage: page }) => {
    const database = openTestDatabase();
    const { active } = database
      .prepare(
        "select count(*) as active from listing join seller on seller.id = listing.seller_id where username = 'demo' and status = 'active'",
      )
      .get() as { active: number };
    database.close();
    const module = page.getByRole("listitem").filter({ hasText: "Active listings" });
    await expect(module).toContainText(active.toLocaleString("en-US"));
  });

  test("the overview has no accessibility violations", async ({ signedInPage: page }) => {
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("a first load", () => {
  test("takes the language's texts from a file the browser keeps, not from every page's HTML", async ({
    signedInPage,
    browser,
    baseURL,
  }) => {
    // They travelled as JSON in each page: 12 of the overview's 21 kB brotli (bench/README.md).
    // A browser of its own, with only the session: nothing of the fixture's loads in its caches.
    const context = await browser.newContext({ baseURL });
    await context.addCookies(await signedInPage.context().cookies());
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      const fromCache = new Set<string>();
      cdp.on("Network.requestServedFromCache", ({ requestId }) => fromCache.add(requestId));
      const fromNetwork: string[] = [];
      cdp.on("Network.responseReceived", ({ requestId, response }) => {
        if (response.url.includes("/catalogues/") && !response.fromDiskCache && !fromCache.has(requestId))
          fromNetwork.push(new URL(response.url).pathname);
      });
      const first = await page.goto("/sh/ovw");
      await waitForHydration(page);
      expect(await first?.text()).not.toContain("activity.caption");
      expect(fromNetwork).toEqual([expect.stringMatching(/^\/catalogues\/en-US\.[0-9a-f]{10}\.js$/)]);

      // Another page loaded whole (a new tab, a form sent without scripts) hydrates from the kept file.
      await page.goto("/sh/lst/active");
      await waitForHydration(page);
      expect(fromNetwork).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  test("hydrates and speaks its language when the catalogue's name is of another release, or its first request fails", async ({
    signedInPage: page,
  }) => {
    /** A full load of the overview, then a link followed in the page: the listings are rendered by the browser, from the catalogue it read. */
    async function hydratedThenListings() {
      await page.goto("/sh/ovw");
      await waitForHydration(page);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
      expect(await page.evaluate(() => "sameDocument" in window), "followed in the page, not loaded whole").toBe(true);
    }
    const catalogues: string[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/catalogues/"))
        catalogues.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });

    // A tab left open over a release, or a rolling deploy whose instances of two releases answer in turn.
    await page.route("**/sh/ovw", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(/(\/catalogues\/en-US\.)[0-9a-f]{10}/g, "$10123456789");
      await route.fulfill({ response, body });
    });
    await hydratedThenListings();
    expect(catalogues).toContain("200 /catalogues/en-US.0123456789.js");
    await page.unroute("**/sh/ovw");

    // A dropped connection: the browser keeps the failed module for the page's life (a failed
    // preload alone it fetches again on import), so the page asks again under another address.
    catalogues.length = 0;
    const dropped: string[] = [];
    await page.route("**/catalogues/*", (route) => {
      const { pathname, search } = new URL(route.request().url());
      if (search === "?again") return route.continue();
      dropped.push(pathname);
      return route.abort("connectionreset");
    });
    await hydratedThenListings();
    expect(dropped.length).toBeGreaterThan(0);
    // Answered under the other address (on a busy machine perhaps more than once): every answer whole.
    expect(catalogues.length).toBeGreaterThan(0);
    for (const answer of catalogues) expect(answer).toMatch(/^200 \/catalogues\/en-US\.[0-9a-f]{10}\.js$/);
  });

  test("asks for the style sheet before any script, so a slow connection paints the page sooner", async ({
    signedInPage: page,
  }) => {
    // Chromium opens six connections to a host over HTTP/1.1: a sheet asked for after sixteen
    // scripts waited for one of them to finish, and nothing paints without it (bench/README.md).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    // Away from the signed-in page first: its web-vitals chunk, asked for after its load event,
    // was once the first request heard here (a CI run).
    await page.goto("about:blank");
    const assets: string[] = [];
    page.on("request", (request) => {
      const type = request.resourceType();
      if (type === "stylesheet" || type === "script") assets.push(`${type} ${new URL(request.url()).pathname}`);
    });
    await page.goto("/sh/lst/active");
    await waitForHydration(page);
    expect(assets.filter((asset) => asset.startsWith("script")).length).toBeGreaterThan(1);
    expect(assets[0]).toMatch(/^stylesheet \/assets\/app-.*\.css$/);
  });

  test("preloads its scripts at low priority: the first paint needs only the page and its style sheet", async ({
    signedInPage: page,
  }) => {
    // Chromium fetched the first load's 16–22 module preloads at high priority, and Lighthouse's
    // simulation of a slow phone counted them into the first paint (bench/README.md).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.enable");
    await page.goto("about:blank");
    const priorities = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", ({ request }) => {
      if (!priorities.has(request.url)) priorities.set(request.url, request.initialPriority);
    });
    const response = await page.goto("/sh/lst/active");
    await waitForHydration(page);
    // The page's own preloads, as sent (web-vitals' chunk, imported after the load, adds one).
    const preloaded = [
      ...((await response?.text()) ?? "").matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g),
    ].map(([, path]) => new URL(path!, page.url()).href);
    expect(preloaded.length).toBeGreaterThan(10);
    expect(preloaded.map((url) => `${new URL(url).pathname} ${priorities.get(url)}`)).toEqual(
      preloaded.map((url) => `${new URL(url).pathname} Low`),
    );
    const styleSheet = [...priorities].find(([url]) => /\/assets\/app-.*\.css$/.test(url));
    expect(styleSheet?.[1]).toBe("VeryHigh");
  });
});

/**
 * Where the seller sees the page's parts, as page coordinates: the header, the navigations, the
 * main area, its headings and its tables. Compared before and after the scripts take over.
 */
async function whereThePageSits(page: Page): Promise<string[]> {
  const main = page.getByRole("main");
  const parts: [string, Locator][] = [
    ["header", page.getByRole("banner")],
    ["main navigation", page.getByRole("navigation", { name: "Main", exact: true })],
    ["sections", page.getByRole("navigation", { name: "Sections" })],
    ["main area", main],
    ["heading", main.getByRole("heading")],
    ["table", main.getByRole("table")],
  ];
  const places: string[] = [];
  for (const [part, locator] of parts) {
    const boxes = await locator.evaluateAll((nodes) =>
      nodes
        .filter((node) => node.checkVisibility())
        .map((node) => node.getBoundingClientRect())
        .map((rect) => `at ${Math.round(rect.top + window.scrollY)}, ${Math.round(rect.height)} high`),
    );
    places.push(...boxes.map((box, index) => `${part} ${index + 1} ${box}`));
  }
  return places;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`a first load ${viewport.width} px wide`, () => {
    test.use({ viewport });

    // Not the site-speed dashboard: the other tests' beacons change what it shows between two loads.
    for (const path of ["/sh/ovw", "/sh/lst/active", "/sh/optout", "/sh/search?q=lamp"]) {
      test(`${path} stays where it painted when the scripts take over`, async ({ signedInPage: page }) => {
        // What a seller sees before the scripts have run: the same page with them held back.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.goto(path);
        const beforeScripts = await whereThePageSits(page);
        await page.unroute(/\/assets\/.*\.js$/);
        await page.goto(path);
        await waitForHydration(page);
        expect(await whereThePageSits(page)).toEqual(beforeScripts);
      });
    }
  });
}

test.describe("the browser notice", () => {
  test.use({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko" });

  test("an unsupported browser is asked to update, and Close hides the notice for the session", async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
    const notice = page.getByRole("region", { name: "Your browser is no longer supported" });
    await expect(notice).toContainText("Update your browser for a better experience");
    await notice.getByRole("button", { name: "Close" }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(notice).toBeHidden();
  });
});

test.describe("the browser notice without JavaScript", () => {
  test.use({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko", javaScriptEnabled: false });

  test("its Close is a form: the notice goes and stays gone for the session, on the same page", async ({ page }) => {
    await signIn(page);
    await page.goto("/sh/lst/active?status=ended");
    const notice = page.getByRole("region", { name: "Your browser is no longer supported" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/sh\/lst\/active\?status=ended$/);
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(notice).toBeHidden();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Summary" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expect(notice).toBeHidden();
  });
});

test("health check reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", db: "ok" });
});
