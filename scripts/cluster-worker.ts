/**
 * A worker process of scripts/cluster.ts: serves on the port the primary shares out, with the
 * database the primary had prepared, and tells the primary once it listens.
 */
import type { WorkerReady } from "./cluster.ts";
import { serveInThisProcess } from "./serving-process.ts";

const url = await serveInThisProcess({ seedDemoData: false, saysWhenStopping: false });
process.send?.({ type: "seller-hub:ready", url } satisfies WorkerReady);
