/**
 * The hub search's server time at 100,000 listings: `searchHub` as the search route runs it for
 * the header's popup (at every pause in typing) and for a results page, called in this process
 * on an in-memory SQLite database whose demo seller has 100,000 listings and a few rare titles.
 * p50 and p95 of common words, rare words and numbers (listing numbers and ePIDs, found and not).
 * `node bench/search-time.ts` prints them; `npm run bench` reports them with its budgets.
 */
import { performance } from "node:perf_hooks";
import { registerAppModules } from "../scripts/app-modules.ts";
import { percentile } from "./report.ts";

export interface SearchTime {
  /** "popup" or "results page". */
  asked: string;
  kind: string;
  texts: string[];
  p50Ms: number;
  p95Ms: number;
  /** The same of the process's CPU time: what the search itself costs, less the waits a busy machine adds. */
  cpuP50Ms: number;
  cpuP95Ms: number;
}

/** Texts the title index cannot read: reported, not budgeted (the listings page's title filter costs the same). */
export const SHORT_TEXTS = "1 or 2 characters";

/** Every text is searched this many times, after one search to warm it. */
const REPETITIONS = 40;

export async function measureSearchTime(listings = 100_000): Promise<SearchTime[]> {
  registerAppModules();
  const { openDatabase } = await import("../app/db/database.server.ts");
  const { DEMO_USERNAME, generateListings, insertListings, seedDemoDataIfEmpty } =
    await import("../app/db/seed.server.ts");
  const { searchHub } = await import("../app/search/search.server.ts");
  const { readSearchRange } = await import("../app/search/results-page.ts");
  const ranges = {
    popup: { ...readSearchRange(new URLSearchParams("popup")), role: "owner" as const },
    "results page": { ...readSearchRange(new URLSearchParams()), role: "owner" as const },
  };
  const database = await openDatabase("sqlite::memory:");
  try {
    await seedDemoDataIfEmpty(database);
    const { db } = database;
    const demo = await db
      .selectFrom("seller")
      .select("id")
      .where("username", "=", DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    const existing = await db
      .selectFrom("listing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("seller_id", "=", demo.id)
      .executeTakeFirstOrThrow();
    const generated = generateListings(demo.id, listings - Number(existing.n) - 3, 99);
    const rare = ["Polaroid SX-70 Land Camera", "Hasselblad 500C/M body", "Polaroid 600 film, 2 packs"].map(
      (title, index) => ({ ...generated[index]!, title }),
    );
    await insertListings(db, [...generated, ...rare]);
    const someListing = await db
      .selectFrom("listing")
      .select("id")
      .where("seller_id", "=", demo.id)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();

    const kinds: Array<{ kind: string; texts: string[] }> = [
      { kind: "common words", texts: ["watch", "apple", "128gb", "new"] },
      { kind: "rare words", texts: ["polaroid", "hasselblad", "zzq", "sx-70 land"] },
      { kind: "numbers (listing, ePID)", texts: [String(someListing.id), "1200876543", "4242424242", "75257"] },
      // No trigram: the popup leaves titles to the results page, which reads every title (decision 070).
      { kind: SHORT_TEXTS, texts: ["k", "wa", "zq"] },
    ];
    const times: SearchTime[] = [];
    for (const [asked, range] of Object.entries(ranges)) {
      for (const { kind, texts } of kinds) {
        const samples: number[] = [];
        const cpuSamples: number[] = [];
        for (const text of texts) {
          await searchHub(database, demo.id, text, range);
          for (let repetition = 0; repetition < REPETITIONS; repetition += 1) {
            const cpu = process.cpuUsage();
            const start = performance.now();
            await searchHub(database, demo.id, text, range);
            samples.push(performance.now() - start);
            const { user, system } = process.cpuUsage(cpu);
            cpuSamples.push((user + system) / 1000);
          }
        }
        times.push({
          asked,
          kind,
          texts,
          p50Ms: percentile(samples, 50),
          p95Ms: percentile(samples, 95),
          cpuP50Ms: percentile(cpuSamples, 50),
          cpuP95Ms: percentile(cpuSamples, 95),
        });
      }
    }
    return times;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  for (const { asked, kind, texts, p50Ms, p95Ms, cpuP50Ms, cpuP95Ms } of await measureSearchTime()) {
    console.log(
      `${asked}, ${kind} (${texts.join(", ")}): p50 ${p50Ms.toFixed(2)} ms, p95 ${p95Ms.toFixed(2)} ms; CPU p50 ${cpuP50Ms.toFixed(2)} ms, p95 ${cpuP95Ms.toFixed(2)} ms`,
    );
  }
}
