/**
 * The operator's metrics for Prometheus (issue 33, decision 046), on a port of their own that
 * sellers never reach: METRICS_PORT, on METRICS_HOST (127.0.0.1 unless set, so only this machine,
 * or a scraper the operator lets in, reads it). Unset, there is no endpoint and prom-client is not
 * loaded here. With several worker processes the primary serves it, summing every worker's
 * counters and histograms by prom-client's cluster aggregation (its gauges of event-loop delay
 * are averaged); alone, the process serves its own. What is measured is server/metrics.ts.
 */
import { createServer } from "node:http";
import { isIP } from "node:net";

export interface MetricsSetting {
  port: number;
  host: string;
}

/** METRICS_PORT and METRICS_HOST, undefined when the port is unset; a bad value throws, saying why. */
export function metricsSetting(environment: NodeJS.ProcessEnv = process.env): MetricsSetting | undefined {
  const setting = environment.METRICS_PORT ?? "";
  if (setting === "") return undefined;
  const port = Number(setting);
  if (!/^[0-9]{1,5}$/.test(setting) || port > 65_535)
    throw new Error(
      `METRICS_PORT must be a port number from 0 to 65535 for the operator's metrics; it is "${setting}".`,
    );
  const host = environment.METRICS_HOST || "127.0.0.1";
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/i.test(host))
    throw new Error(`METRICS_HOST must be an address or a host name to serve the metrics on; it is "${host}".`);
  return { port, host };
}

/** Serves GET /metrics in Prometheus's text format: this process's, or with `cluster` every worker's. */
export async function serveMetrics({ port, host }: MetricsSetting, { cluster }: { cluster: boolean }): Promise<string> {
  const { AggregatorRegistry, register } = await import("prom-client");
  const aggregator = cluster ? new AggregatorRegistry() : undefined;
  const server = createServer((request, response) => {
    const answer = (status: number, text: string) =>
      response.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(`${text}\n`);
    if (request.method !== "GET" || request.url !== "/metrics") return answer(404, "Only GET /metrics is here.");
    (aggregator ? aggregator.clusterMetrics() : register.metrics()).then(
      (text) =>
        // The primary before any worker serves (or between a crash and the replacement's start).
        text === ""
          ? answer(503, "No worker is serving yet.")
          : response.writeHead(200, { "Content-Type": register.contentType }).end(text),
      // A worker still starting does not answer within prom-client's 5 s: this scrape fails, the next one counts it.
      (error: unknown) => answer(503, `Metrics unavailable: ${error instanceof Error ? error.message : String(error)}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Later errors (a connection reset, too many open files) are the endpoint's, never the hub's end.
  server.on("error", (error) => console.error("metrics:", error.message));
  // The primary, or the only process, stops with its signal: the endpoint must not hold it.
  server.unref();
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  const url = `http://${isIP(host) === 6 ? `[${host}]` : host}:${boundPort}/metrics`;
  console.log(`Metrics for Prometheus at ${url}`);
  return url;
}
