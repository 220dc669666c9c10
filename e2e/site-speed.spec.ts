import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import type { SpeedBeacon } from "../app/site-speed/beacon-schema";
import { sampleBeacon, sampleInAppBeacon } from "../test/speed-beacons";
import {
  DEMO,
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  openTestDatabase,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { sendBeacons, showPageFigures } from "./measured-pages";
import { addOperatorMessage } from "./operator-messages";
import { SLOWER_WEEK_RELEASES, SUMMED_DAY, TRACKING_SELLER } from "./own-accounts";

interface StoredBeacon {
  page_name: string;
  seller_id: number | null;
  metrics: string;
  /** Stored apart from the figures since migration 0018. */
  resources: string | null;
}

/** Marked by the beacon once web-vitals is measuring (app/site-speed/site-speed-beacon.ts). */
const MEASURING_WEB_VITALS_MARK = "seller-hub:measuring-web-vitals";

/**
 * Loads `path` as a new document, whose load the beacon measures (signing in reaches the
 * overview by a client-side navigation, so its beacon belongs to the sign-in page), and waits
 * until web-vitals is measuring.
 */
async function loadPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MEASURING_WEB_VITALS_MARK);
}

/** How the dashboard's summary names each period: "… page views in the last 24 hours, …". */
const PERIOD_WORDS = { "24h": "24 hours", "7d": "7 days", "30d": "30 days" } as const;

/**
 * Shows a period through the dashboard's form, and waits for its page: the address changes before
 * the new page replaces the old one, so a check of the address alone may read the old period.
 */
async function showPeriod(page: Page, period: keyof typeof PERIOD_WORDS): Promise<void> {
  await page.getByRole("combobox", { name: "Period" }).selectOption(period);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`period=${period}`));
  await expect(page.getByText(new RegExp(`page views? in the last ${PERIOD_WORDS[period]}`))).toBeVisible();
}

/** Throws `message` outside any handler, as a broken script would, and waits until the page has seen it. */
async function throwOnPage(page: Page, message: string, times = 1): Promise<void> {
  await page.evaluate(
    ([text, count]) =>
      new Promise<void>((resolve) => {
        let seen = 0;
        addEventListener("error", () => ++seen === count && resolve());
        for (let time = 0; time < count; time++) {
          setTimeout(() => {
            throw new Error(text);
          });
        }
      }),
    [message, times] as const,
  );
}

function queryTestDatabase<T>(sql: string, ...parameters: Array<string | number>): T[] {
  const database = openTestDatabase();
  try {
    return database.prepare(sql).all(...parameters) as T[];
  } finally {
    database.close();
  }
}

const beaconsOfSession = (speedSession: string) =>
  queryTestDatabase<StoredBeacon>(
    "select page_name, seller_id, metrics, resources from speed_beacon where speed_session = ? order by id",
    speedSession,
  );

/**
 * Waits until the collector has stored this browser's beacon of a `kind` page view of
 * `pageName`, and returns the newest. The kind matters: signing in reaches the overview by an
 * in-app navigation, whose beacon (the same page's name) leaves when a test loads the overview
 * afresh, and was taken for the full load's when that one had not arrived yet. It is not always
 * enough: a click on Sign in before the page is hydrated posts the form natively, and the overview
 * after it is a full load too; a test that needs its own page view's beacon says so by `matching`.
 */
async function storedBeaconOf(
  page: Page,
  pageName: string,
  kind: "full-load" | "in-app" = "full-load",
  matching: (measured: Record<string, any>) => boolean = () => true,
): Promise<StoredBeacon & { measured: Record<string, any> }> {
  const speedSession = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === "sh_speed_session")?.value ?? "";
  const fromPage = async () =>
    (await beaconsOfSession(await speedSession()))
      .filter((beacon) => beacon.page_name === pageName)
      .map((beacon) => ({
        ...beacon,
        // The beacon's figures and its resource timings, as the page sent them.
        measured: { ...JSON.parse(beacon.metrics), resources: JSON.parse(beacon.resources ?? "[]") } as Record<
          string,
          any
        >,
      }))
      .filter((beacon) => beacon.measured.kind === kind && matching(beacon.measured));
  await expect.poll(async () => (await fromPage()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  return (await fromPage()).at(-1) as StoredBeacon & { measured: Record<string, any> };
}

test.describe("the site-speed beacon", () => {
  test("loading and leaving a page delivers a beacon with the page's name, the seller and the measurements", async ({
    signedInPage: page,
  }) => {
    await loadPage(page, "/sh/ovw");
    const build = await page.evaluate(
      () => (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version,
    );
    await page.goto("/healthz");

    const beacon = await storedBeaconOf(page, "sellerHubOverview");
    // The release: the build the page was loaded from, as React Router's manifest names it.
    expect(build).toMatch(/^[\w.-]+$/);
    expect(beacon.measured.release).toBe(build);
    const [demo] = queryTestDatabase<{ id: number }>("select id from seller where username = ?", DEMO.username);
    expect(beacon.seller_id).toBe(demo?.id);
    const { navigation, vitals, resources, errors } = beacon.measured;
    expect(navigation.type).toBe("navigate");
    expect(navigation.responseStart).toBeGreaterThan(0);
    expect(navigation.domInteractive).toBeGreaterThanOrEqual(navigation.responseStart);
    // The document's Server-Timing, as the browser handed it to the page.
    expect(navigation.server).toEqual({
      db: expect.any(Number),
      loaders: expect.any(Number),
      render: expect.any(Number),
      total: expect.any(Number),
    });
    expect(navigation.server.total).toBeGreaterThanOrEqual(navigation.server.render);
    expect(vitals.TTFB).toBeGreaterThan(0);
    expect(vitals.FCP).toBeGreaterThan(0);
    // What the LCP was made of, from web-vitals' attribution in a real Chromium: the four parts add up to it.
    expect(vitals.LCP).toBeGreaterThan(0);
    const { lcpParts } = beacon.measured.attribution;
    expect(Object.keys(lcpParts).toSorted()).toEqual(["loadDelay", "loadTime", "renderDelay", "ttfb"]);
    const partsTogether = Object.values(lcpParts as Record<string, number>).reduce((sum, part) => sum + part, 0);
    // Each part is rounded to a millisecond on its own: four roundings apart at most.
    expect(Math.abs(partsTogether - vitals.LCP)).toBeLessThanOrEqual(4);
    expect(resources).toContainEqual(
      expect.objectContaining({ name: expect.stringMatching(/^\/assets\/root-.+\.js$/) }),
    );
    expect(errors).toEqual([]);
  });

  test("script errors on the page arrive in the next beacon, repeats folded", async ({ signedInPage: page }) => {
    await loadPage(page, "/sh/ovw");
    await throwOnPage(page, "Listing price could not be drawn", 2);
    await page.goto("/healthz");

    // Signing in loaded the overview as a document too, and its beacon (no errors) left when this
    // test loaded it again: the one with errors is this page view's, whichever arrives first.
    const { measured } = await storedBeaconOf(
      page,
      "sellerHubOverview",
      "full-load",
      (beacon) => beacon.errors.length > 0,
    );
    expect(measured.errors).toEqual([
      expect.objectContaining({
        message: "Uncaught Error: Listing price could not be drawn",
        count: 2,
        pageName: "sellerHubOverview",
        line: expect.any(Number),
      }),
    ]);
  });

  test("after an in-app navigation the new page's beacon carries what happened on it, under its own name", async ({
    signedInPage: page,
  }) => {
    await loadPage(page, "/sh/ovw");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    // The demo seller's dashboard reads every beacon the other tests left (up to 10,002, issue 33):
    // its data took over 5 s once with the other worker busy.
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible({ timeout: 20_000 });
    await throwOnPage(page, "Dashboard chart failed");
    await page.goto("/healthz");

    const overview = await storedBeaconOf(page, "sellerHubOverview");
    expect(overview.measured).toMatchObject({ kind: "full-load", errors: [] });
    const siteSpeed = await storedBeaconOf(page, "sellerHubSiteSpeed", "in-app");
    expect(siteSpeed.measured).toMatchObject({
      kind: "in-app",
      inAppNavigation: {
        duration: expect.any(Number),
        dataRequest: expect.any(Number),
        // The data request's own Server-Timing: its loaders, and no render.
        server: { db: expect.any(Number), loaders: expect.any(Number), total: expect.any(Number) },
      },
    });
    expect(siteSpeed.measured.inAppNavigation.server).not.toHaveProperty("render");
    expect(siteSpeed.measured.errors).toEqual([
      expect.objectContaining({ message: "Uncaught Error: Dashboard chart failed", pageName: "sellerHubSiteSpeed" }),
    ]);
  });
});

test.describe("a tab left open a long time", () => {
  test("after the browser's 300 resource timings are used up, an in-app page view still times its data request", async ({
    signedInPage: page,
  }) => {
    await loadPage(page, "/sh/ovw");
    // An hour of a busy tab in a moment: prefetches, data requests and search popups fill the buffer.
    await page.evaluate(async () => {
      for (let request = 0; request < 320; request++) await fetch(`/favicon.svg?request=${request}`);
    });
    expect(await page.evaluate(() => performance.getEntriesByType("resource").length)).toBeLessThanOrEqual(300);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await page.goto("/healthz");

    const siteSpeed = await storedBeaconOf(page, "sellerHubSiteSpeed", "in-app");
    expect(siteSpeed.measured.inAppNavigation).toEqual({
      duration: expect.any(Number),
      dataRequest: expect.any(Number),
      server: { db: expect.any(Number), loaders: expect.any(Number), total: expect.any(Number) },
    });
    // The full load's resources are its own, not the next page's data.
    const overview = await storedBeaconOf(page, "sellerHubOverview");
    expect(overview.measured.resources.map((resource: { name: string }) => resource.name)).not.toContain(
      "/sh/perf.data",
    );
  });
});

/** A seller no other test signs in as: the dashboard shows this journey's page views alone. */
const JOURNEY_SELLER = "purple-shooting-star";

test.describe("every page view measured", () => {
  test("a seller's journey by links shows each page on the dashboard under its own name, with its own figures", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await emulateSlowNetwork(page, 300);
    await signIn(page, JOURNEY_SELLER);
    await waitForHydration(page);
    const sections = page.getByRole("navigation", { name: "Sections" });

    // Signing in loads the overview as a new document (in the seller's language); the journey
    // leaves it and comes back by a link, so the overview too is reached in the page.
    await sections.getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings", exact: true })).toBeVisible();
    await sections.getByRole("link", { name: "Summary" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await sections.getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings", exact: true })).toBeVisible();
    // The first listing's title; the header row's links sort the table.
    await page
      .getByRole("table", { name: /Your listings/ })
      .getByRole("row")
      .nth(1)
      .getByRole("link")
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Listing", exact: true })).toBeVisible();
    // The seller reads the listing until its product summary has loaded (its script, and so its beacon, has run).
    await expect
      .poll(() => page.frame({ url: /\/sh\/prod-summary\?/ })?.evaluate(() => document.readyState), { timeout: 15_000 })
      .toBe("complete");
    await sections.getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();

    // Each page's beacon leaves when the next page has painted; the seller asks for the dashboard again.
    const journeyPages = ["sellerHubOverview", "sellerHubActiveListings", "sellerHubListingDetail"];
    const framePage = "sellerHubProductSummary";
    await expect
      .poll(
        () =>
          queryTestDatabase<{ page_name: string }>(
            "select distinct b.page_name from speed_beacon b join seller s on s.id = b.seller_id where s.username = ?",
            JOURNEY_SELLER,
          ).map((row) => row.page_name),
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining([...journeyPages, framePage]));
    await page.getByRole("button", { name: "Show" }).click();

    const everyPage = page.getByRole("table", { name: /^Every page/ });
    for (const pageName of journeyPages) {
      const row = everyPage.getByRole("row", { name: new RegExp(`\\b${pageName}\\b`) });
      const inApp = row.getByRole("cell").nth(2);
      // Reached by a link: at least one in-app navigation, with its own time from the click to the content painted.
      await expect(inApp).toHaveText(/^\d+ · [\d,.]+ m?s/);
    }
    await expect(
      everyPage
        .getByRole("row", { name: /\bsellerHubListingDetail\b/ })
        .getByRole("cell")
        .nth(2),
    ).toHaveText(/data [\d,.]+ m?s/);
    // The listing's embedded product summary is a page of its own: a full load in its frame, under its own name.
    await expect(
      everyPage
        .getByRole("row", { name: /\bsellerHubProductSummary\b/ })
        .getByRole("cell")
        .nth(1),
    ).toHaveText(/^[1-9]/);
    // Each page's own figures, one page at a time: the seller picks it in the table.
    const toldServerTime: string[] = [];
    for (const pageName of journeyPages) {
      await showPageFigures(page, pageName);
      const region = page.getByRole("region", { name: new RegExp(`^${pageName} · \\d+ page views?$`) });
      await expect(region).toBeVisible();
      // Where the server's time went: the in-app navigations' data requests, from their
      // Server-Timing, part by part. Any page of the journey may be the one: a navigation whose
      // data the pointer's rest had prefetched before the click made no request of its own, and
      // tells none (the beacon's timeBetween). A loaded run once had both listings visits prefetched.
      const dataRow = region
        .getByRole("table", { name: /^Time on the server for \w+, each part at its 75th percentile$/ })
        .getByRole("row", { name: /^In-app navigations \(their data\) [\d,.]+ m?s/ });
      if ((await dataRow.count()) === 0) continue;
      await expect(dataRow.getByRole("cell").first()).toHaveText(/^[\d,.]+ m?s$/);
      await expect(dataRow.getByRole("cell").last()).toHaveText(/^[1-9]/);
      toldServerTime.push(pageName);
    }
    expect(toldServerTime).not.toEqual([]);
    // Whether the table fits its 1280 px column is checked with pinned figures of every shape (the
    // next test): this journey's figures are measured, and so depend on the machine's load (on
    // CI's busy runs, "Needs improvement" in every column put it past its column three times). If
    // it ever does not fit, what it held is printed, to find a shape the pinned test lacks.
    expect(page.viewportSize()?.width).toBe(1280);
    const layout = await everyPage.evaluate((table) => {
      const region = table.closest("section") as HTMLElement;
      const rows = [...table.querySelectorAll("tbody tr")];
      return {
        fits: region.scrollWidth <= region.clientWidth,
        rows: rows.length,
        seen: {
          scrollWidth: region.scrollWidth,
          clientWidth: region.clientWidth,
          main: document.querySelector("main")?.getBoundingClientRect().width,
          columns: [...table.querySelectorAll("thead th")].map((th) => Math.round(th.getBoundingClientRect().width)),
          body: rows.map((row) => row.textContent),
        },
      };
    });
    expect(layout.rows).toBeGreaterThanOrEqual(4);
    if (!layout.fits) console.log(`The pages table did not fit its column: ${JSON.stringify(layout.seen)}`);
    await expectNoAccessibilityViolations(page);
  });

  test("figures of every shape, from four digits of milliseconds to a day, keep the table within its 1280 px column", async ({
    page,
  }) => {
    // A busy machine's page views take seconds (CI's slowest runs measured five digits of
    // milliseconds); a tab left open can report up to a day, the most the collector takes. Every
    // rating, vitals not measured, and the longest page codes are here too.
    // An account no other test signs in to (e2e/own-accounts.ts): these are its only page views.
    await signIn(page, "speed-shapes");
    const day = 24 * 60 * 60 * 1000;
    const needsImprovement = { LCP: 3_999, INP: 499, CLS: 0.25, FCP: 2_999, TTFB: 1_799 };
    const views: Array<[pageName: string, vitals: SpeedBeacon["vitals"], inApp: number]> = [
      ["sellerHubOverview", { LCP: 12_345, INP: 10_456, CLS: 42.42, FCP: 10_456, TTFB: 10_456 }, 12_345],
      ["sellerHubActiveListings", { LCP: 98_765, INP: 45_678, CLS: 42.42, FCP: 45_678, TTFB: 45_678 }, 98_765],
      ["sellerHubListingDetail", { LCP: day, INP: day, CLS: 100, FCP: day, TTFB: day }, day],
      ["sellerHubSiteSpeed", { LCP: 9_999, INP: 9_998, CLS: 9.99, FCP: 9_998, TTFB: 9_998 }, 9_999],
      ["sellerHubBulkPriceChoose", needsImprovement, 8_888],
      ["sellerHubBulkPriceChange", needsImprovement, 7_777],
      ["sellerHubProductInsights", { CLS: 0.01 }, 1_234],
      ["sellerHubProductSummary", { LCP: 2_500, INP: 200, CLS: 0.1, FCP: 1_800, TTFB: 800 }, 9_999],
      // A name the hub does not know, as long as the collector takes, with no capital to break before.
      [`${"longpagecode".repeat(5)}abcd`, { LCP: 1_200 }, 640],
    ];
    for (const [pageName, vitals, inApp] of views) {
      const ids = () => ({
        speedSession: randomUUID().replaceAll("-", ""),
        pageView: randomUUID().replaceAll("-", ""),
      });
      await sendBeacons(page, [
        sampleBeacon({ pageName, vitals, ...ids() }),
        sampleInAppBeacon({ pageName, vitals, inAppNavigation: { duration: inApp, dataRequest: inApp }, ...ids() }),
      ]);
    }
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    const everyPage = page.getByRole("table", { name: /^Every page/ });
    // Seconds from ten seconds on, as Lighthouse shows them: "12.3 s", a day "86,400 s". The
    // week's figures are read from the sums, within 1 % (docs/decisions/049): 12,345 ms may read
    // 12.2 to 12.5 s, a day 85,536 to 87,264 s. Under each, the page views that measured it: both
    // of each page's.
    const overview = everyPage.getByRole("row", { name: /\bsellerHubOverview\b/ });
    await expect(overview.getByRole("cell").nth(2)).toHaveText(/^1 · 12\.[2-5] s, data 12\.[2-5] s$/);
    await expect(overview.getByRole("cell").nth(3)).toHaveText(/^12\.[2-5] s\s*Poor\s*2 page views$/);
    await expect(
      everyPage
        .getByRole("row", { name: /\bsellerHubListingDetail\b/ })
        .getByRole("cell")
        .nth(3),
    ).toHaveText(/^8[5-7],\d{3} s\s*Poor\s*2 page views$/);
    await expect(
      everyPage
        .getByRole("row", { name: /\bsellerHubBulkPriceChoose\b/ })
        .getByRole("cell")
        .nth(3),
    ).toHaveText(/^3,9\d\d ms\s*Needs improvement\s*2 page views$/);
    // At a glance on a 1280 px screen: the table fits its column without scrolling sideways (the
    // page takes the side area's room), and a row is five lines at most even with these, the
    // widest figures (one figure and its rating a cell, then the page views that measured it:
    // "Needs improvement", a page's code or an in-app time may wrap), not the 200 px before.
    // Measured here: 133 px at most, the rows whose every vital needs improvement.
    expect(page.viewportSize()?.width).toBe(1280);
    const layout = await everyPage.evaluate((table) => {
      const region = table.closest("section") as HTMLElement;
      const rows = [...table.querySelectorAll("tbody tr")].map((row) => row.getBoundingClientRect().height);
      const columns = [...table.querySelectorAll("thead th")].map((th) => Math.round(th.getBoundingClientRect().width));
      const seen = { scrollWidth: region.scrollWidth, clientWidth: region.clientWidth, columns, rows };
      return { fits: region.scrollWidth <= region.clientWidth, rows: rows.length, tallest: Math.max(...rows), seen };
    });
    expect(layout.rows).toBeGreaterThanOrEqual(views.length);
    expect(layout.fits, JSON.stringify(layout.seen)).toBe(true);
    expect(layout.tallest, JSON.stringify(layout.seen)).toBeLessThanOrEqual(140);
  });
});

test.describe("the dashboard without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sorts by a column's link, shows one device's page views by the form, and a page's own figures by its link", async ({
    page,
  }) => {
    const seller = "turquoise-shooting-star";
    await signIn(page, seller);
    // Two measured page views, as browsers send them (with JavaScript off, this one sends none).
    const id = () => randomUUID().replaceAll("-", "");
    const pageView = (pageName: string, viewportWidth: number, LCP: number) => ({
      pageName,
      speedSession: id(),
      pageView: id(),
      kind: "in-app",
      sentAfterMs: 4000,
      inAppNavigation: { duration: 700, dataRequest: 300 },
      device: { viewportWidth, connection: "4g" },
      vitals: { LCP },
      resources: [],
      errors: [],
      tracking: [],
    });
    await sendBeacons(page, [
      pageView("sellerHubActiveListings", 390, 4200),
      pageView("sellerHubOverview", 1280, 1100),
    ]);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    const everyPage = page.getByRole("table", { name: /^Every page/ });
    // Each page by its label, its code under it.
    const pageNames = () => everyPage.getByRole("rowheader").allTextContents();

    await everyPage.getByRole("columnheader", { name: /^LCP/ }).getByRole("link").click();
    await expect(everyPage.getByRole("columnheader", { name: /^LCP/ })).toHaveAttribute("aria-sort", "descending");
    // A sort is a page load: it comes back at the table, its order shown.
    await expect(page).toHaveURL(/#every-page$/);
    await expect(everyPage).toBeInViewport();
    await expect(everyPage.getByRole("link", { name: /^LCP ?, sort lowest first$/ })).toContainText("▼");
    expect(await pageNames()).toEqual(["Listings sellerHubActiveListings", "Overview sellerHubOverview"]);
    await everyPage.getByRole("columnheader", { name: /^LCP/ }).getByRole("link").click();
    await expect(everyPage.getByRole("columnheader", { name: /^LCP/ })).toHaveAttribute("aria-sort", "ascending");
    expect(await pageNames()).toEqual(["Overview sellerHubOverview", "Listings sellerHubActiveListings"]);

    await page.getByLabel("Device").selectOption({ label: "Phones" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByLabel("Device")).toHaveValue("phone");
    expect(await pageNames()).toEqual(["Listings sellerHubActiveListings"]);
    await expect(everyPage.getByRole("columnheader", { name: /^LCP/ })).toHaveAttribute("aria-sort", "ascending");

    // A page's own figures, by the keyboard: its link in the table, then Enter. The new page opens
    // at the page's section, the device and order kept; the form then keeps the page too.
    await expect(page.getByRole("region", { name: /^sellerHubActiveListings · / })).toHaveCount(0);
    await everyPage.getByRole("link", { name: "Listings sellerHubActiveListings" }).focus();
    await page.keyboard.press("Enter");
    const listings = page.getByRole("region", { name: "sellerHubActiveListings · 1 page view" });
    await expect(listings).toBeVisible();
    // Opened at the page's section: its address ends there, and the window scrolled to it.
    await expect(page).toHaveURL(/#page-sellerHubActiveListings$/);
    await expect(listings.getByRole("heading", { level: 2 })).toBeInViewport();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect(page.getByLabel("Device")).toHaveValue("phone");
    await expect(everyPage.getByRole("columnheader", { name: /^LCP/ })).toHaveAttribute("aria-sort", "ascending");
    await page.getByLabel("Device").selectOption({ label: "All devices" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByLabel("Device")).toHaveValue("");
    await expect(listings).toBeVisible();
    await expect(page.getByRole("region", { name: /^sellerHubOverview · / })).toHaveCount(0);
  });
});

test.describe("the beacon collector", () => {
  const newId = () => randomUUID().replaceAll("-", "");
  const beacon = (speedSession: string) =>
    JSON.stringify({
      pageName: "sellerHubOverview",
      speedSession,
      pageView: newId(),
      kind: "full-load",
      sentAfterMs: 1200,
      vitals: { LCP: 1000 },
      resources: [],
      errors: [],
      tracking: [],
    });
  const post = (page: Page, data: string, headers: Record<string, string> = {}) =>
    page.request.post("/sh/beacon", { headers: { "Content-Type": "text/plain;charset=UTF-8", ...headers }, data });

  test("refuses malformed, oversized and cross-site beacons with the reason, and stores none of them", async ({
    page,
  }) => {
    const notJson = await post(page, "{this is not json");
    expect(notJson.status()).toBe(400);
    expect(await notJson.text()).toBe("The request body is not valid JSON.");

    const misshapen = newId();
    const wrongShape = await post(page, beacon(misshapen).replace('"sellerHubOverview"', '"<b>"'));
    expect(wrongShape.status()).toBe(400);
    expect(await wrongShape.text()).toMatch(/^The beacon is malformed: pageName: Expected a page name/);

    const oversized = newId();
    const tooLarge = await post(
      page,
      beacon(oversized).replace('"errors":[]', `"errors":[{"message":"${"x".repeat(70_000)}"}]`),
    );
    expect(tooLarge.status()).toBe(413);

    const crossSite = newId();
    expect((await post(page, beacon(crossSite), { "Sec-Fetch-Site": "cross-site" })).status()).toBe(403);

    for (const speedSession of [misshapen, oversized, crossSite]) expect(beaconsOfSession(speedSession)).toEqual([]);

    const get = await page.request.get("/sh/beacon");
    expect(get.status()).toBe(405);
    expect(get.headers().allow).toBe("POST");

    const accepted = newId();
    expect((await post(page, beacon(accepted))).status()).toBe(204);
    expect(beaconsOfSession(accepted)).toEqual([
      expect.objectContaining({ page_name: "sellerHubOverview", seller_id: null }),
    ]);
  });
});

test.describe("the site-speed dashboard", () => {
  test("shows the seller's measured pages, their vitals as tables and charts, and their script errors", async ({
    signedInPage: page,
  }) => {
    await loadPage(page, "/sh/ovw");
    await throwOnPage(page, "Overview module failed to render");
    await page.goto("/healthz");
    // The page view with the error: signing in's full load of the overview, when the click came
    // before hydration, left one too, and a dashboard read before this one arrived showed no
    // error (a CI run's failure).
    await storedBeaconOf(page, "sellerHubOverview", "full-load", (beacon) =>
      beacon.errors.some((error: { message: string }) => error.message.includes("Overview module failed to render")),
    );

    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
    });
    await page.goto("/sh/perf?period=24h");
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("24h");
    // No page's charts until the seller picks one.
    await expect(page.getByText(/^Choose a page in the table for its own figures/)).toBeVisible();
    await expect(page.getByRole("img", { name: /75th percentile over time$/ })).toHaveCount(0);
    await showPageFigures(page, "sellerHubOverview");
    await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("24h");

    const overview = page.getByRole("region", { name: /sellerHubOverview · \d+ page views?/ });
    const vitals = overview.getByRole("table", { name: "Web vitals of sellerHubOverview at the 75th percentile" });
    const ttfb = vitals.getByRole("row", { name: /TTFB \(Time to First Byte\)/ });
    await expect(ttfb).toContainText(/\d ms/);
    await expect(ttfb).toContainText(/Good|Needs improvement|Poor/);
    await expect(
      overview.getByRole("img", { name: "TTFB of sellerHubOverview: 75th percentile over time" }),
    ).toBeVisible();
    await expect(
      overview.getByRole("img", { name: "TTFB of sellerHubOverview: distribution of page views" }),
    ).toBeVisible();

    const errors = page.getByRole("region", { name: "Most frequent script errors" });
    await expect(errors.getByRole("row", { name: /Overview module failed to render/ })).toContainText(
      "sellerHubOverview",
    );
    expect(cspViolations).toEqual([]);
  });

  test("counts a tracked action: a message's link followed, then the dashboard counts that one click", async ({
    page,
  }) => {
    // An account of its own, so the count is this click's alone; its action's name is not ASCII.
    const action = "essayerPrixGroupés";
    addOperatorMessage("Change prices in bulk", {
      seller: TRACKING_SELLER,
      controls: [
        {
          name: "try",
          text: "Try bulk price changes",
          action: { type: "NAV", URL: "/sh/lst/active", tracking: { eventAction: action } },
        },
        { name: "cross", accessibilityText: "Dismiss the bulk price news" },
      ],
    });
    const counted = () =>
      Number(
        queryTestDatabase<{ events: number }>(
          `select coalesce(sum(t.events), 0) as events from tracking_hour t join seller s on s.id = t.seller_id
           where s.username = ? and t.page_name = 'sellerHubOverview' and t.action = ?`,
          TRACKING_SELLER,
          action,
        )[0]?.events,
      );
    await signIn(page, TRACKING_SELLER);
    await page.getByRole("link", { name: "Try bulk price changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible({ timeout: 20_000 });
    // The overview's beacon leaves once the listings have painted; the seller asks for the dashboard again once it is in.
    await expect.poll(counted, { timeout: 15_000 }).toBe(1);
    await page.getByRole("button", { name: "Show" }).click();
    const tracked = page
      .getByRole("table", { name: "Tracking events per page and action" })
      .getByRole("row", { name: new RegExp(`^sellerHubOverview ${action} `) });
    await expect(tracked.getByRole("cell").last()).toHaveText("1");
  });

  test("exports the pages table as the dashboard shows it, as CSV and as JSON", async ({ signedInPage: page }) => {
    await page.getByRole("link", { name: "Site speed" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await showPeriod(page, "30d");
    const table = page.getByRole("table", { name: /^Every page/ });
    await table.getByRole("link", { name: "Page views" }).click();
    await expect(page).toHaveURL(/sort=views/);
    const names = await table.getByRole("rowheader").locator("code").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    const views = await table.locator("tbody tr td:first-of-type").allTextContents();

    const downloaded = async (name: string) => {
      const saved = page.waitForEvent("download");
      await page.getByRole("link", { name }).click();
      const file = await saved;
      return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
    };
    const csv = await downloaded("Export the pages table (CSV)");
    expect(csv.name).toMatch(/^site-speed-pages-\d{4}-\d{2}-\d{2}\.csv$/);
    const [headings, ...rows] = parse(csv.bytes, { bom: true }) as [string[], ...string[][]];
    expect(headings.slice(0, 3)).toEqual(["Page", "Page name", "Page views"]);
    // The table's pages with their counts (the table groups thousands; the file does not), in the
    // table's order. The file is read afresh: this test's own page views may have added to a page
    // or two since the table was drawn, never taken away.
    const exportedViews = new Map(rows.map((row) => [row[1], Number(row[2])]));
    for (const [index, name] of names.entries())
      expect(exportedViews.get(name), name).toBeGreaterThanOrEqual(Number(views[index]?.replace(/\D/g, "")));
    const counts = rows.map((row) => Number(row[2]));
    const ascending = new URL(page.url()).searchParams.get("direction") === "ascending";
    expect(counts).toEqual(counts.toSorted((a, b) => (ascending ? a - b : b - a)));

    const json = await downloaded("Export the pages table (JSON)");
    // Read afresh too, after more page views may have arrived: the same pages, in the same order by its own counts.
    const exported = JSON.parse(json.bytes.toString("utf8")) as {
      pages: Array<{ pageName: string; pageViews: number }>;
    };
    expect(exported.pages.map((exportedPage) => exportedPage.pageName).toSorted()).toEqual(
      rows.map((row) => row[1]).toSorted(),
    );
    const jsonCounts = exported.pages.map((exportedPage) => exportedPage.pageViews);
    expect(jsonCounts).toEqual(jsonCounts.toSorted((a, b) => (ascending ? a - b : b - a)));
  });

  test("speaks the seller's language: a seller on eBay France reads it in French", async ({ page }) => {
    // Signing in, a page view measured and its beacon stored, then all of axe's rules: 27 s once on
    // a busy machine, near the 30 s default.
    test.setTimeout(90_000);
    await signIn(page, "demo-fr", DEMO.password);
    await loadPage(page, "/sh/ovw");
    await page.goto("/healthz");
    await storedBeaconOf(page, "sellerHubOverview");
    await page.goto("/sh/perf");

    await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
    await expect(page.getByRole("heading", { level: 1, name: "Vitesse du site" })).toBeVisible();
    await expect(page.getByLabel("Période")).toHaveValue("7d");
    await expect(page.getByLabel("Appareil")).toHaveValue("");
    await expect(
      page.getByText(/^\d+ pages? vues? ces 7 derniers jours, sur \d+ pages?, comparées? aux 7 jours précédents\./),
    ).toBeVisible();
    for (const heading of [
      "Toutes les pages",
      "Ce qu'il faut corriger",
      "Erreurs de script les plus fréquentes",
      "Suivi",
    ])
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await showPageFigures(page, "sellerHubOverview");
    const overview = page.getByRole("region", { name: /sellerHubOverview · \d+ pages? vues?/ });
    const vitals = overview.getByRole("table", { name: "Web Vitals de sellerHubOverview au 75e centile" });
    await expect(vitals.getByRole("columnheader", { name: "Part des pages vues" })).toBeVisible();
    await expect(
      overview.getByRole("img", { name: "TTFB de sellerHubOverview : 75e centile dans le temps" }),
    ).toBeVisible();
    await expect(overview.getByText("Tableau de données").first()).toBeVisible();
    for (const english of ["Every page", "What to fix", "Page views", "Not measured", "Data table", "Good", "Poor"])
      await expect(page.getByText(english, { exact: true })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);
  });

  test("flags first the pages that got slower this week, at a desktop's width and a phone's, and axe finds nothing", async ({
    page,
  }) => {
    // An account whose two weeks were stored at the server's start (addSlowerWeek in
    // e2e/own-accounts.ts): its listings' LCP went from 1.2–2.0 s to 2.4–3.2 s, its overview's did not.
    await signIn(page, "speed-regressions");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    const flagged = page.getByRole("region", { name: "Slower than the week before", exact: true });
    const rows = flagged.getByRole("table", { name: /^Slower than the week before/ }).getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toHaveText(
      // Judged from the sums, each percentile within 1 % of the exact 1,780 and 2,980 ms (docs/decisions/049).
      /^Listings sellerHubActiveListings\s*LCP \(Largest Contentful Paint\)\s*1,(7[6-9]\d|80\d) ms\s*Good\s*2,9[5-9]\d ms\s*Needs improvement\s*\+6[3-9]%\s*40\s*40$/,
    );
    // First: before every other figure of the dashboard.
    const everyPage = page.getByRole("heading", { name: "Every page" });
    expect(
      await flagged.evaluate(
        (section, heading) => Boolean(section.compareDocumentPosition(heading!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await everyPage.elementHandle(),
      ),
    ).toBe(true);
    // Whatever period is shown: the last 24 hours hold none of the flagged page views.
    await showPeriod(page, "24h");
    await expect(rows).toHaveCount(2);
    await expectNoAccessibilityViolations(page);
    // At 320 px the table scrolls in its own region; the page does not.
    await page.setViewportSize({ width: 320, height: 720 });
    await expect(flagged.getByRole("region", { name: /^Table: Slower than the week before/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAccessibilityViolations(page);
  });

  test("compares two releases page by page, marks where a release began, and refuses one the period did not measure", async ({
    page,
  }) => {
    // An account's two weeks, each served by a release of its own (SLOWER_WEEK_RELEASES); the
    // journey's own page views come from the build under test, a third release.
    await signIn(page, "speed-releases");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await showPeriod(page, "30d");
    const releases = page.getByRole("region", { name: "Releases", exact: true });
    await releases.getByRole("combobox", { name: "Release" }).selectOption(SLOWER_WEEK_RELEASES.thisWeek);
    await releases.getByRole("combobox", { name: "Against" }).selectOption(SLOWER_WEEK_RELEASES.weekBefore);
    await releases.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/period=30d.*release=2026\.11\.20&against=2026\.11\.13/);
    const compared = releases.getByRole("table", { name: /^Release 2026\.11\.20 against 2026\.11\.13/ });
    await expect(compared.getByRole("row", { name: /sellerHubActiveListings LCP/ })).toHaveText(
      // Read from the sums, each within 1 % of the exact 2,980 and 1,780 ms (docs/decisions/049).
      /2,9[5-9]\d ms\s*Needs improvement\s*1,(7[6-9]\d|80\d) ms\s*Good\s*\+6[3-9]%\s*40\s*40$/,
    );
    await expect(compared.getByRole("row", { name: /sellerHubOverview LCP/ })).toHaveText(
      /1,(7[6-9]\d|80\d) ms\s*Good\s*0%\s*40\s*40$/,
    );
    // The listings' LCP trend marks the day the newer release began, in its data table too; picking
    // the page keeps the releases compared.
    await showPageFigures(page, "sellerHubActiveListings");
    await expect(page).toHaveURL(/period=30d.*release=2026\.11\.20&against=2026\.11\.13/);
    const listings = page.getByRole("region", { name: /^sellerHubActiveListings · \d+ page views?$/ });
    const trend = listings.getByRole("img", { name: "LCP of sellerHubActiveListings: 75th percentile over time" });
    await expect(trend.getByText(`Release ${SLOWER_WEEK_RELEASES.thisWeek}`)).toBeAttached();
    // The export is the pages table of the period and segment: the comparison is not in it, nor in its address.
    const exportAddress = await page.getByRole("link", { name: "Export the pages table (CSV)" }).getAttribute("href");
    expect(exportAddress).toMatch(/period=30d/);
    expect(exportAddress).not.toMatch(/release=|against=|page=/);
    await expectNoAccessibilityViolations(page);
    // A release the period did not measure is refused, with the ones it did.
    const response = await page.goto("/sh/perf?period=30d&release=1999.01.01&against=2026.11.13");
    expect(response?.status()).toBe(400);
    await expect(page.getByText(/^Choose releases this period measured: .*2026\.11\.13.*\.$/)).toBeVisible();
  });

  test("reads the last 24 hours and 30 days from the sums: every figure, with the page views' raw beacons expired", async ({
    page,
  }) => {
    // An account whose listings' 12 page views were summed at the server's start, then their raw
    // beacons deleted (addSummedDay in e2e/own-accounts.ts): only the sums can show them.
    await signIn(page, SUMMED_DAY.account);
    const { id } = queryTestDatabase<{ id: number }>(
      "select id from seller where username = ?",
      SUMMED_DAY.account,
    )[0]!;
    expect(
      queryTestDatabase<{ beacons: number }>(
        "select count(*) as beacons from speed_beacon where seller_id = ? and page_name = 'sellerHubActiveListings'",
        id,
      ),
    ).toEqual([{ beacons: 0 }]);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await showPeriod(page, "24h");
    await expect(page.getByText(/within 1% of the exact values\.$/)).toBeVisible();
    await showPageFigures(page, "sellerHubActiveListings");

    const listings = page.getByRole("region", { name: "sellerHubActiveListings · 12 page views" });
    const vitals = listings.getByRole("table", {
      name: "Web vitals of sellerHubActiveListings at the 75th percentile",
    });
    // 3,000 ms exactly on every page view: read within 1 %, and rated as the exact value is.
    await expect(vitals.getByRole("row", { name: /LCP \(Largest Contentful Paint\)/ })).toContainText(
      /(2,9[7-9]\d|3,0[0-3]\d) ms\s*Needs improvement/,
    );
    await expect(
      listings.getByRole("img", { name: "LCP of sellerHubActiveListings: 75th percentile over time" }),
    ).toBeVisible();
    await expect(
      listings.getByRole("img", { name: "LCP of sellerHubActiveListings: distribution of page views" }),
    ).toBeVisible();

    const fixes = page.getByRole("region", { name: "What to fix" });
    // Each figure rated as the exact value is: 3,000 ms of LCP and 240 ms of INP need improvement.
    await expect(fixes.getByRole("row", { name: new RegExp(SUMMED_DAY.lcpElement) })).toContainText(
      /Needs improvement\s*12\s*Not for an LCP$/,
    );
    await expect(fixes.getByRole("row", { name: new RegExp(SUMMED_DAY.inpTarget) })).toContainText(
      new RegExp(`Needs improvement\\s*12\\s*${SUMMED_DAY.inpScript}$`),
    );
    const errors = page.getByRole("region", { name: "Most frequent script errors" });
    // Twice in each of the 12 page views.
    await expect(errors.getByRole("row", { name: new RegExp(SUMMED_DAY.error) })).toContainText(/24\s*12/);

    const releases = page.getByRole("region", { name: "Releases", exact: true });
    await releases.getByRole("combobox", { name: "Release" }).selectOption(SUMMED_DAY.releases.newer);
    await releases.getByRole("combobox", { name: "Against" }).selectOption(SUMMED_DAY.releases.older);
    await releases.getByRole("button", { name: "Compare" }).click();
    const compared = releases.getByRole("table", {
      name: new RegExp(`^Release ${SUMMED_DAY.releases.newer.replaceAll(".", "\\.")} against`),
    });
    await expect(compared.getByRole("row", { name: /sellerHubActiveListings LCP/ })).toContainText(/0%\s*6\s*6$/);
    await expectNoAccessibilityViolations(page);

    // The 30 days read the sums too: the days' (summed from the hours by the first view that reads them) and today's hours.
    await showPeriod(page, "30d");
    await expect(page.getByText(/within 1% of the exact values\.$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "sellerHubActiveListings · 12 page views" })).toBeVisible();
    await expect(errors.getByRole("row", { name: new RegExp(SUMMED_DAY.error) })).toContainText(/24\s*12/);
    // Three days ago, a closed day: read from the days' sums, whatever the hour of the run.
    await showPageFigures(page, SUMMED_DAY.daysAgoPage);
    await expect(page.getByRole("region", { name: `${SUMMED_DAY.daysAgoPage} · 1 page view` })).toBeVisible();
  });

  test("has no accessibility violations, with a data table open", async ({ signedInPage: page }) => {
    // All of axe's rules over the busy seller's dashboard, every test's page views in it by now: 34 s
    // in one CI run, 52 s in one on a busier machine. A hang detector, not a measure of speed.
    test.setTimeout(120_000);
    await loadPage(page, "/sh/ovw");
    await page.goto("/healthz");
    await storedBeaconOf(page, "sellerHubOverview");
    await page.goto("/sh/perf");
    await waitForHydration(page);
    await showPageFigures(page, "sellerHubOverview");
    await waitForHydration(page);
    await page.getByText("Data table").first().click();
    await expect(page.getByRole("table", { name: /75th percentile over time/ }).first()).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test("refuses a period it does not offer, and says which it does", async ({ signedInPage: page }) => {
    const response = await page.goto("/sh/perf?period=forever");
    expect(response?.status()).toBe(400);
    await expect(page.getByText("Choose a period of 24h, 7d, 30d.")).toBeVisible();
  });
});
