import { readFileSync } from "node:fs";
import { serverProcessIds } from "../test/server-process.ts";

/** Resident memory of a server: its own process and every worker's, summed (shared pages count once per process). */
export function serverMemoryMb(pid: number): number {
  return serverProcessIds(pid).reduce((sum, id) => sum + Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024, 0);
}

/** How many processes answer requests: the workers, or the one process when there are none. */
export function servingProcesses(pid: number): number {
  return Math.max(serverProcessIds(pid).length - 1, 1);
}
