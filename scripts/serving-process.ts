/**
 * One process serving Seller Hub with the environment's settings, stopping gracefully on SIGTERM
 * or SIGINT: the whole server with WEB_CONCURRENCY=1, each worker process otherwise.
 */
import { resolve } from "node:path";
import { CLIENT_BUILD, serverBuildUrl } from "./build-paths.ts";

/** How long requests in flight may run once stopping, before the process stops anyway. */
export const GRACE_PERIOD_MS = 9_000;

/**
 * Starts serving and returns the address it listens at. `saysWhenStopping`: this process got the
 * operator's signal (a worker's comes from the primary, which says it).
 */
export async function serveInThisProcess({
  seedDemoData,
  saysWhenStopping,
}: {
  seedDemoData: boolean;
  saysWhenStopping: boolean;
}): Promise<string> {
  const { startSellerHub, trustedProxiesSetting } = await import(serverBuildUrl());
  const hub = await startSellerHub({
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST,
    clientDirectory: resolve(CLIENT_BUILD),
    seedDemoData,
    trustedProxies: trustedProxiesSetting(process.env.TRUST_PROXY),
  });

  let stopping = false;
  async function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    if (saysWhenStopping) announceStopping(signal);
    // A request that never finishes must not keep the process past its grace period.
    setTimeout(() => {
      console.error(`Requests still running after ${GRACE_PERIOD_MS / 1000} s; stopping anyway.`);
      process.exit(1);
    }, GRACE_PERIOD_MS).unref();
    await hub.close();
    process.exit(0);
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return hub.url;
}

export function announceReady(url: string): void {
  console.log(`Seller Hub is ready at ${url}`);
  console.log("Sign in as the demo seller: username demo, password sellerhub");
}

export function announceStopping(signal: NodeJS.Signals): void {
  console.log(`${signal}: finishing requests in flight, then stopping.`);
}
