import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  /** Answers that were not 2xx: a benchmark of error pages measures nothing. */
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** POST a fresh body each time (a beacon with its own ids); GET without it. */
  body?: () => string;
  /** Headers made afresh for each POST (a client address of its own), on top of `headers`. */
  headersEach?: () => Record<string, string>;
}

export async function runLoad({
  url,
  headers = {},
  connections = 50,
  durationSeconds = 10,
  body,
  headersEach,
}: LoadOptions): Promise<LoadResult> {
  const requests = body
    ? [
        {
          method: "POST" as const,
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            body: body(),
            headers: { ...request.headers, ...headersEach?.() },
          }),
        },
      ]
    : undefined;
  const result = await autocannon({
    url,
    headers,
    connections,
    duration: durationSeconds,
    ...(requests && { requests }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A short load first, so the measured run sees a warm JIT, warm caches and open connections. */
export async function warmUp(options: LoadOptions): Promise<void> {
  await runLoad({ ...options, durationSeconds: 3 });
}
