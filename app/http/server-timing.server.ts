import { AsyncLocalStorage } from "node:async_hooks";
import type { LogEvent } from "kysely";

/**
 * Where a request's time on the server went, told to the browser in the W3C's `Server-Timing`
 * header (issue 33): the database, the route's loaders or action, rendering, and the whole. The
 * browser shows it in its developer tools' Timing tab and gives it to scripts as the navigation's
 * and each fetch's `serverTiming`.
 *
 * One request's figures are kept in an AsyncLocalStorage: the database, the routes and the
 * renderer are shared by every request a process serves, and each asks for "this request's"
 * figures where it measures.
 */

/** The parts of a request the header names, each a span from its first start to its last end. */
export type ServerPhase = "loaders" | "action" | "render";

const PHASE_DESCRIPTIONS: Record<ServerPhase, string> = {
  loaders: "Loaders",
  action: "Action",
  render: "Render",
};

export class RequestTimings {
  readonly #started = performance.now();
  /** The route table's pattern the request matched (`/sh/lst/:id`), once React Router has matched it. */
  route: string | undefined;
  /**
   * Whether the header tells the parts, or the whole only: only to a signed-in member. A
   * signed-out client (the sign-in form, an invitation's page) gets the whole in milliseconds,
   * which its own clock already sees: the database's share and its queries' count would make a
   * timing probe of a branch on an unknown username a sharp one.
   */
  detailed = false;
  #databaseMs = 0;
  #queries = 0;
  readonly #phases = new Map<ServerPhase, { start: number; end: number }>();

  /** A query's own time. Queries of loaders running side by side add up, so the sum may pass the wall time. */
  countQuery(durationMs: number): void {
    this.#databaseMs += durationMs;
    this.#queries += 1;
  }

  /** A phase's span: a route's loaders run side by side, so their phase lasts from the first start to the last end. */
  addSpan(phase: ServerPhase, start: number, end: number): void {
    const known = this.#phases.get(phase);
    this.#phases.set(
      phase,
      known ? { start: Math.min(known.start, start), end: Math.max(known.end, end) } : { start, end },
    );
  }

  /** Milliseconds since the request began. */
  elapsed(now = performance.now()): number {
    return now - this.#started;
  }

  /** The `Server-Timing` value: each part measured, in milliseconds to a tenth, then the whole so far. */
  header(now = performance.now()): string {
    if (!this.detailed) return `total;dur=${Math.round(this.elapsed(now))};desc="Server"`;
    // Descriptions without commas: a comma ends a metric for a parser that does not read quotes.
    const queries = `${this.#queries} ${this.#queries === 1 ? "query" : "queries"}`;
    const metrics = [`db;dur=${tenths(this.#databaseMs)};desc="Database (${queries})"`];
    for (const [phase, { start, end }] of this.#phases)
      metrics.push(`${phase};dur=${tenths(end - start)};desc="${PHASE_DESCRIPTIONS[phase]}"`);
    metrics.push(`total;dur=${tenths(this.elapsed(now))};desc="Server"`);
    return metrics.join(", ");
  }
}

const tenths = (ms: number) => (Math.round(ms * 10) / 10).toString();

const current = new AsyncLocalStorage<RequestTimings>();

/** Runs a request's handling with its own figures, which `timingsOf` below and the hooks add to. */
export function timeRequest<T>(timings: RequestTimings, handle: () => Promise<T>): Promise<T> {
  return current.run(timings, handle);
}

/** Kysely's log hook (app/db/database.server.ts): each query's time, to the request that ran it. */
export function countQueryTime(event: LogEvent): void {
  current.getStore()?.countQuery(event.queryDurationMillis);
}

/** Times `run` as a part of the current request (nothing outside a request). */
export async function timePhase<T>(phase: ServerPhase, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await run();
  } finally {
    current.getStore()?.addSpan(phase, start, performance.now());
  }
}

/**
 * The pattern React Router matched, for the operator's metrics by route: as the route table
 * writes it, with its leading slash (React Router gives `sh/lst/:id`, and "" for no route).
 */
export function matchedRoute(pattern: string): void {
  const timings = current.getStore();
  if (timings && pattern !== "") timings.route = pattern.startsWith("/") ? pattern : `/${pattern}`;
}

/** The request is a signed-in member's: its header tells every part (`detailed` above). */
export function showTimingParts(): void {
  const timings = current.getStore();
  if (timings) timings.detailed = true;
}

/** Adds a span measured elsewhere (the render, which ends in a stream's callback). */
export function addPhase(phase: ServerPhase, start: number, end = performance.now()): void {
  current.getStore()?.addSpan(phase, start, end);
}

/**
 * The response with the request's `Server-Timing` added (after any a route set); a response whose
 * headers are fixed (Response.redirect) is copied. A streamed body (a CSV export) is timed up to
 * its headers: the rest is the stream's.
 */
export function withServerTiming(response: Response, timings: RequestTimings): Response {
  const value = timings.header();
  try {
    response.headers.append("Server-Timing", value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.append("Server-Timing", value);
    return copy;
  }
}
