/**
 * `npm run bench`: builds, starts the production server on an embedded database with the demo
 * data, measures, and writes bench/results/latest.json and latest.md. Every comparison is a
 * ratio of two figures taken in this one run, so a busy machine shifts both sides alike.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverBuildUrl } from "../scripts/build-paths.ts";
import { serverProcessCount } from "../scripts/cluster.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process.ts";
import {
  firstVisitBrotliBytes,
  measureHydration,
  measureJavaScript,
  SLOW_4G,
  withChromium,
  type ShippedJavaScript,
} from "./browser.ts";
import { encodedBytes } from "./encoded-bytes.ts";
import { auditWithLighthouse } from "./lighthouse.ts";
import { beaconHeaders } from "./mixed-load.ts";
import { measureLanguages } from "./languages.ts";
import { measureInAppNavigation } from "./navigation.ts";
import { runLoad, warmUp, type LoadResult } from "./load.ts";
import { siteSpeedBeaconBrotliBytes } from "./measurement-size.ts";
import { budget, budgetTable, kB, markdownTable, median, ms, ratio } from "./report.ts";
import { measureSearchTime, SHORT_TEXTS } from "./search-time.ts";
import { processMemoryMb, serverMemoryMb, servingProcesses } from "./server-memory.ts";

const quick = process.argv.includes("--quick");
const seconds = quick ? 2 : 10;
const memorySeconds = quick ? 3 : 60;
const memoryWarmUpSeconds = quick ? 2 : 10;

function log(message: string) {
  console.log(`bench: ${message}`);
}

/**
 * The server as production runs it: WEB_CONCURRENCY processes, else one per core. Behind a proxy
 * (TRUST_PROXY), so that the beacon collector can be measured from many client addresses rather
 * than against one address's limit.
 */
const serverEnvironment = { WEB_CONCURRENCY: String(serverProcessCount()), TRUST_PROXY: "true" };

/** What Chromium asks for; the hub compresses pages accordingly, and the static reference sends the same bytes. */
const BROWSER_ENCODING = { "Accept-Encoding": "br" };

async function startStaticServer(file: string, encoding: string): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ["bench/static-server.ts", file, encoding], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((ready) =>
    child.stdout.on("data", (chunk: Buffer) => {
      const match = /ready at (\S+)/.exec(chunk.toString());
      if (match?.[1]) ready(match[1]);
    }),
  );
  return { url, stop: () => child.kill("SIGTERM") };
}

interface PageThroughput {
  path: string;
  page: LoadResult;
  static: LoadResult;
  /** How many times more requests per second static serving answers. */
  staticOverPage: number;
  /** The page as sent, brotli-compressed. */
  pageBytes: number;
}

/** The page under load, then the same compressed bytes served statically, one after the other. */
async function measureThroughput(hub: ServerProcess, session: string, path: string): Promise<PageThroughput | null> {
  const headers: Record<string, string> = { ...BROWSER_ENCODING, ...(session ? { Cookie: session } : {}) };
  const response = await fetch(`${hub.url}${path}`, { headers, redirect: "manual" });
  if (response.status !== 200) {
    log(`${path} answered ${response.status}; not measured`);
    return null;
  }
  const file = join(mkdtempSync(join(tmpdir(), "bench-")), "page.html.br");
  writeFileSync(file, await encodedBytes(`${hub.url}${path}`, headers));
  await warmUp({ url: `${hub.url}${path}`, headers });
  const page = await runLoad({ url: `${hub.url}${path}`, headers, durationSeconds: seconds });
  const staticServer = await startStaticServer(file, "br");
  await warmUp({ url: staticServer.url, headers: BROWSER_ENCODING });
  const staticResult = await runLoad({ url: staticServer.url, headers: BROWSER_ENCODING, durationSeconds: seconds });
  staticServer.stop();
  log(
    `${path}: ${Math.round(page.requestsPerSecond)} req/s (static ${Math.round(staticResult.requestsPerSecond)}), p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms`,
  );
  return {
    path,
    page,
    static: staticResult,
    staticOverPage: staticResult.requestsPerSecond / page.requestsPerSecond,
    pageBytes: readFileSync(file).length,
  };
}

/** A second database whose demo seller has 100,000 listings. */
async function databaseWithManyListings(count: number): Promise<string> {
  const url = temporarySqliteUrl();
  const { openDatabase, seedDemoDataIfEmpty, generateListings, insertListings, DEMO_USERNAME } = await import(
    serverBuildUrl()
  );
  const database = await openDatabase(url);
  await seedDemoDataIfEmpty(database);
  const demo = await database.db
    .selectFrom("seller")
    .select("id")
    .where("username", "=", DEMO_USERNAME)
    .executeTakeFirstOrThrow();
  const existing = Number(
    (
      await database.db
        .selectFrom("listing")
        .select((eb: any) => eb.fn.countAll().as("n"))
        .where("seller_id", "=", demo.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  await insertListings(database.db, generateListings(demo.id, count - existing, 99));
  await database.close();
  return url;
}

/**
 * POST /sh/beacon at 50 connections, each beacon from a speed session of its own (as many
 * browsers send them: one session's rate limit is not what is measured).
 */
async function measureCollector(hub: ServerProcess): Promise<LoadResult> {
  let sent = 0;
  const id = () => (++sent).toString(16).padStart(32, "0");
  const beacon = () =>
    JSON.stringify({
      pageName: "sellerHubOverview",
      speedSession: id(),
      pageView: id(),
      kind: "in-app",
      sentAfterMs: 5400,
      inAppNavigation: { duration: 640, dataRequest: 210 },
      device: { viewportWidth: 1280, connection: "4g" },
      attribution: { lcpElement: "#main-content>h1" },
      vitals: { LCP: 610, INP: 80, CLS: 0, FCP: 420 },
      resources: [],
      errors: [],
      tracking: [{ action: "bulkPriceTry", count: 1, pageName: "sellerHubOverview" }],
    });
  const options = {
    url: `${hub.url}/sh/beacon`,
    headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
    body: beacon,
    // Many sellers' browsers, not one address at its limit (the limits have tests of their own).
    headersEach: () => beaconHeaders({}) as Record<string, string>,
  };
  await warmUp(options);
  const result = await runLoad({ ...options, durationSeconds: seconds });
  log(
    `POST /sh/beacon: ${Math.round(result.requestsPerSecond)} beacons/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.non2xx} not 2xx`,
  );
  return result;
}

/** A page's HTML on a full load, and its data on an in-app navigation to it, brotli-compressed. */
async function measurePageViewBytes(baseUrl: string, session: string, paths: string[]) {
  const headers = { ...BROWSER_ENCODING, Cookie: session };
  return Promise.all(
    paths.map(async (path) => ({
      path,
      htmlBytes: (await encodedBytes(`${baseUrl}${path}`, headers)).length,
      dataBytes: (await encodedBytes(`${baseUrl}${path}.data`, headers)).length,
    })),
  );
}

function servedBy(processes: number): string {
  return processes === 1 ? "one process" : `${processes} worker processes (node:cluster) under a primary`;
}

async function main() {
  log("building");
  const build = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) process.exit(1);

  const hub = await startServerProcess(temporarySqliteUrl(), serverEnvironment);
  const session = await signInOverHttp(hub.url);
  const pid = hub.process.pid as number;
  const processes = servingProcesses(pid);
  log(`the hub served by ${servedBy(processes)}`);

  await warmUp({ url: `${hub.url}/sh/ovw`, headers: { Cookie: session } });

  const overview = await measureThroughput(hub, session, "/sh/ovw");
  const listings = await measureThroughput(hub, session, "/sh/lst/active");
  // The framework's floor: the smallest page the same server renders (the root layout and a form,
  // no shell, no database read), so the report shows how much of a page's cost is the hub's own.
  const floor = await measureThroughput(hub, "", "/signin");
  const pageViewBytes = await measurePageViewBytes(hub.url, session, ["/sh/ovw", "/sh/lst/active"]);

  log("the beacon collector");
  const collector = await measureCollector(hub);
  const beaconBrotliBytes = await siteSpeedBeaconBrotliBytes();

  log("measuring in Chromium");
  const listingId = /href="\/sh\/lst\/(\d+)"/.exec(
    await (await fetch(`${hub.url}/sh/ovw`, { headers: { Cookie: session } })).text(),
  )?.[1];
  const { javascript, hydration, slowNetwork, navigation, languages } = await withChromium(async (browser) => {
    const shipped: Record<string, ShippedJavaScript | null> = {
      "/signin": await measureJavaScript(browser, hub.url, "", "/signin"),
      "/sh/ovw": await measureJavaScript(browser, hub.url, session, "/sh/ovw"),
      "/sh/lst/active": listings ? await measureJavaScript(browser, hub.url, session, "/sh/lst/active") : null,
      "product summary frame": listingId
        ? await measureJavaScript(browser, hub.url, session, `/sh/lst/${listingId}`, true)
        : null,
    };
    // A listing page without a frame (yet) ships no frame scripts: nothing was measured.
    if (shipped["product summary frame"]?.files === 0) shipped["product summary frame"] = null;
    return {
      javascript: shipped,
      hydration: await measureHydration(browser, hub.url, session, "/sh/ovw"),
      // What Lighthouse simulates, on real loads: where the first paint and hydration land.
      slowNetwork: {
        "/sh/ovw": await measureHydration(browser, hub.url, session, "/sh/ovw", { network: SLOW_4G }),
        "/sh/lst/active": await measureHydration(browser, hub.url, session, "/sh/lst/active", { network: SLOW_4G }),
      },
      navigation: {
        local: await measureInAppNavigation(browser, hub.url, session),
        roundTrip150: await measureInAppNavigation(browser, hub.url, session, { roundTripMs: 150 }),
      },
      languages: await measureLanguages(browser, hub.url),
    };
  });

  const auditsInARow = quick ? 1 : 3;
  log(`Lighthouse's mobile audit, ${auditsInARow} in a row of each page`);
  const lighthouse = await auditWithLighthouse(hub.url, session, ["/sh/ovw", "/sh/lst/active"], { auditsInARow });

  log(`memory: ${memorySeconds} s of load on /sh/ovw, after ${memoryWarmUpSeconds} s to reach its working size`);
  // The heap grows to what 50 connections need within seconds, then holds: that is the baseline.
  await runLoad({ url: `${hub.url}/sh/ovw`, headers: { Cookie: session }, durationSeconds: memoryWarmUpSeconds });
  const rssAfterWarmUp = serverMemoryMb(pid);
  await runLoad({ url: `${hub.url}/sh/ovw`, headers: { Cookie: session }, durationSeconds: memorySeconds });
  const rssAfterLoad = serverMemoryMb(pid);
  const rssPerProcess = processMemoryMb(pid);
  await hub.stop();

  log("scale: 100,000 listings");
  let scale: { manyP50Ms: number; fewP50Ms: number } | null = null;
  if (listings) {
    const manyHub = await startServerProcess(await databaseWithManyListings(100_000), serverEnvironment);
    const manySession = await signInOverHttp(manyHub.url);
    await warmUp({ url: `${manyHub.url}/sh/lst/active`, headers: { Cookie: manySession } });
    const many = await runLoad({
      url: `${manyHub.url}/sh/lst/active`,
      headers: { Cookie: manySession },
      durationSeconds: seconds,
    });
    await manyHub.stop();
    scale = { manyP50Ms: many.p50Ms, fewP50Ms: listings.page.p50Ms };
  }

  log("search: server time at 100,000 listings");
  const searchTimes = await measureSearchTime(100_000);
  const tenths = (value: number) => `${value.toFixed(1)} ms`;
  const worstSearchP95 = (asked: string) =>
    Math.max(
      ...searchTimes.filter((time) => time.asked === asked && time.kind !== SHORT_TEXTS).map((time) => time.p95Ms),
    );

  const hydratedMedian = median(hydration.hydratedMs);
  const lcpMedian = median(hydration.lcpMs);
  const workerRss = rssPerProcess.filter((entry) => entry.role !== "primary").map((entry) => entry.rssMb);
  // Three audits in a row: a budget holds when the lowest of them does; one not scored leaves it unmeasured.
  const score = (path: string, category: "performance" | "accessibility" | "bestPractices") => {
    const audits = lighthouse[path] ?? [];
    if (audits.length === 0 || audits.some((audit) => audit === null)) return null;
    return Math.min(...audits.map((audit) => audit![category]));
  };
  const budgets = [
    budget(
      "/sh/ovw throughput ÷ static serving",
      overview ? 1 / overview.staticOverPage : null,
      1 / 40,
      (value) => `1/${(1 / value).toFixed(1)}`,
      "at least",
    ),
    budget(
      "/sh/ovw p99 ÷ p50 at 50 connections",
      overview ? overview.page.p99Ms / Math.max(overview.page.p50Ms, 1) : null,
      4,
      ratio,
    ),
    budget(
      "/sh/ovw JavaScript of a first visit, web-vitals included, brotli (what Chromium receives)",
      javascript["/sh/ovw"] ? firstVisitBrotliBytes(javascript["/sh/ovw"]) : null,
      110_000,
      kB,
    ),
    budget(
      "product summary frame JavaScript, gzip",
      javascript["product summary frame"]?.gzipBytes ?? null,
      20_000,
      kB,
    ),
    budget(
      "/sh/lst/active scripts and catalogue, brotli, in the heaviest language",
      Math.max(...languages.map((entry) => entry.scriptsBrotliBytes + entry.catalogueBrotliBytes)),
      110_000,
      kB,
    ),
    budget("site-speed beacon in the first load, brotli", beaconBrotliBytes, 4_000, kB),
    budget("/sh/ovw hydrated (median of 5)", hydratedMedian, 500, ms),
    budget("/sh/ovw LCP (median of 5)", lcpMedian, 400, ms),
    budget(
      "listings p50, 100,000 ÷ 160 listings",
      scale ? scale.manyP50Ms / Math.max(scale.fewP50Ms, 1) : null,
      2,
      ratio,
    ),
    budget(
      "search p95 at 100,000 listings, popup (worst of common, rare, numbers)",
      worstSearchP95("popup"),
      20,
      tenths,
    ),
    budget(
      "search p95 at 100,000 listings, results page (worst of common, rare, numbers)",
      worstSearchP95("results page"),
      20,
      tenths,
    ),
    budget("RSS after 60 s load ÷ after warm-up", rssAfterLoad / rssAfterWarmUp, 1.2, ratio),
    budget(
      "largest serving process's RSS at 50 connections",
      workerRss.length ? Math.max(...workerRss) : null,
      200,
      (value) => `${value.toFixed(0)} MB`,
    ),
    budget(
      "overview → listings by a click, prefetched on intent (median of 10)",
      median(navigation.local.clickToRowsMs),
      100,
      ms,
    ),
    ...["/sh/ovw", "/sh/lst/active"].flatMap((path) => [
      budget(`Lighthouse mobile performance, ${path}`, score(path, "performance"), 98, String, "at least"),
      budget(`Lighthouse accessibility, ${path}`, score(path, "accessibility"), 100, String, "at least"),
      budget(`Lighthouse best practices, ${path}`, score(path, "bestPractices"), 100, String, "at least"),
    ]),
  ];

  const throughputRows = [overview, listings, floor]
    .filter((entry): entry is PageThroughput => entry !== null)
    .map((entry) => [
      entry.path,
      `${Math.round(entry.page.requestsPerSecond)}`,
      `${entry.page.p50Ms} / ${entry.page.p99Ms} ms`,
      `${Math.round(entry.static.requestsPerSecond)}`,
      ratio(entry.staticOverPage),
      `${entry.page.errors + entry.page.non2xx}`,
    ]);
  const javascriptRows = Object.entries(javascript).map(([page, shipped]) =>
    shipped
      ? [
          page,
          `${shipped.files}`,
          kB(shipped.rawBytes),
          kB(shipped.gzipBytes),
          kB(shipped.brotliBytes),
          kB(shipped.afterLoadBrotliBytes),
        ]
      : [page, "–", "–", "not measured", "–", "–"],
  );
  const markdown = [
    `# Benchmark${quick ? " (quick run: figures are indicative only)" : ""}`,
    "",
    `Run ${new Date().toISOString()}, Node ${process.version}, ${seconds} s per load at 50 connections; the hub served by ${servedBy(processes)}, static serving by one process.`,
    "",
    "## Budgets",
    budgetTable(budgets),
    "",
    "## Server rendering against static serving of the same bytes",
    markdownTable([["page", "req/s", "p50 / p99", "static req/s", "static ÷ page", "errors"], ...throughputRows]),
    "",
    floor && overview
      ? `The framework's floor (\`/signin\`, no shell) answers ${ratio(floor.staticOverPage)} slower than static serving; \`/sh/ovw\` costs ${ratio(floor.page.requestsPerSecond / overview.page.requestsPerSecond)} the floor's time per request: that much is the hub's own work.`
      : "",
    "",
    "## Bytes of a page view (brotli, as Chromium receives them)",
    markdownTable([
      ["page", "HTML (full load)", "navigation data (in-app)"],
      ...pageViewBytes.map((entry) => [entry.path, kB(entry.htmlBytes), kB(entry.dataBytes)]),
    ]),
    "",
    "## In-app navigation: overview → listings by a click",
    `Click to the listings' rows painted, prefetched on hover intent: median ${ms(median(navigation.local.clickToRowsMs))} (${navigation.local.clickToRowsMs.map(ms).join(", ")}); with 150 ms of emulated round trip: median ${ms(median(navigation.roundTrip150.clickToRowsMs))} (${navigation.roundTrip150.clickToRowsMs.map(ms).join(", ")}).`,
    `Where it goes, medians of the same clicks: to React's commit of the rows (the data, the render) ${ms(median(navigation.local.clickToCommitMs))}; to the end of the first frame holding them (style, layout, paint) ${ms(median(navigation.local.clickToFrameMs))}; the budget's measure waits one frame more.`,
    "",
    "## First load on slow 4G (Chromium's throttling: 150 ms round trip, 1.6 Mbit/s), median of 5",
    markdownTable([
      ["page", "first contentful paint", "hydrated", "layout shift until hydrated"],
      ...Object.entries(slowNetwork).map(([path, timing]) => [
        path,
        `${ms(median(timing.firstPaintMs))} (${timing.firstPaintMs.map(ms).join(", ")})`,
        `${ms(median(timing.hydratedMs))} (${timing.hydratedMs.map(ms).join(", ")})`,
        `${median(timing.layoutShift).toFixed(3)} (${timing.layoutShift.map((shift) => shift.toFixed(3)).join(", ")})`,
      ]),
    ]),
    "",
    "## Each language's first load of /sh/lst/active (a demo seller of each site)",
    markdownTable([
      [
        "language",
        "scripts, brotli",
        "catalogue, brotli",
        "HTML, brotli",
        "server render p50",
        "hydrated (median of 5)",
      ],
      ...languages.map((entry) => [
        entry.language,
        kB(entry.scriptsBrotliBytes),
        kB(entry.catalogueBrotliBytes),
        kB(entry.htmlBrotliBytes),
        tenths(entry.renderP50Ms),
        ms(entry.hydratedMs),
      ]),
    ]),
    "",
    "The catalogue (one language's texts) is a script of its own the page preloads; its bytes are counted apart from the other scripts' to show what each language adds.",
    "",
    "## Lighthouse, mobile audit, signed in",
    markdownTable([
      ["page", "audit", "performance", "accessibility", "best practices", "short of full marks"],
      ...Object.entries(lighthouse).flatMap(([path, audits]) =>
        audits.map((scores, index) =>
          scores
            ? [
                path,
                `${index + 1}`,
                `${scores.performance}`,
                `${scores.accessibility}`,
                `${scores.bestPractices}`,
                scores.shortfalls.join(", ") || "–",
              ]
            : [path, `${index + 1}`, "not scored", "–", "–", "–"],
        ),
      ),
    ]),
    "",
    "## JavaScript shipped on first load",
    markdownTable([
      ["page", "scripts", "raw", "gzip", "brotli (what Chromium receives)", "after load, brotli"],
      ...javascriptRows,
    ]),
    "",
    `The site-speed beacon's share of the first load: ${kB(beaconBrotliBytes)} brotli (bundled alone); web-vitals with its attribution loads after the load event (the last column).`,
    "",
    "## Beacon collector",
    markdownTable([
      ["", "beacons/s", "p50 / p99", "not 2xx", "errors"],
      [
        "POST /sh/beacon",
        `${Math.round(collector.requestsPerSecond)}`,
        `${collector.p50Ms} / ${collector.p99Ms} ms`,
        `${collector.non2xx}`,
        `${collector.errors}`,
      ],
    ]),
    "",
    `Hydrated: ${hydration.hydratedMs.map(ms).join(", ")}; LCP: ${hydration.lcpMs.map(ms).join(", ")}.`,
    `Memory (RSS of every server process, summed): ${rssAfterWarmUp.toFixed(1)} MB after ${memoryWarmUpSeconds} s of warm-up load, ${rssAfterLoad.toFixed(1)} MB after ${memorySeconds} s more; each process after the load: ${rssPerProcess.map((entry) => `${entry.role} ${entry.rssMb.toFixed(0)} MB`).join(", ")}.`,
    "",
    "## Search at 100,000 listings (SQLite, in process)",
    markdownTable([
      ["asked by", "texts", "p50 / p95", "CPU p50 / p95"],
      ...searchTimes.map((time) => [
        time.asked,
        `${time.kind}: ${time.texts.join(", ")}`,
        `${tenths(time.p50Ms)} / ${tenths(time.p95Ms)}`,
        `${tenths(time.cpuP50Ms)} / ${tenths(time.cpuP95Ms)}`,
      ]),
    ]),
    "",
    scale
      ? `Scale: listings p50 ${scale.fewP50Ms} ms with the demo's 160 listings, ${scale.manyP50Ms} ms with 100,000.`
      : "Scale: the listings page is not there yet.",
  ].join("\n");

  const results = {
    quick,
    servingProcesses: processes,
    overview,
    listings,
    floor,
    collector,
    beaconBrotliBytes,
    pageViewBytes,
    javascript,
    hydration,
    slowNetwork,
    navigation,
    lighthouse,
    memory: { rssAfterWarmUp, rssAfterLoad, rssPerProcess },
    scale,
    search: searchTimes,
    budgets,
  };
  writeFileSync("bench/results/latest.json", JSON.stringify(results, null, 2));
  writeFileSync("bench/results/latest.md", markdown + "\n");
  console.log(`\n${markdown}\n`);
}

await main();
