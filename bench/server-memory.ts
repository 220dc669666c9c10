import { readFileSync } from "node:fs";
import { serverProcessIds } from "../test/server-process.ts";

export interface ProcessMemory {
  /** `single` when one process serves alone; else the `primary` and its `worker`s. */
  role: "single" | "primary" | "worker";
  rssMb: number;
}

/** Resident memory of each process of a server: its own, and each worker's. */
export function processMemoryMb(pid: number): ProcessMemory[] {
  const ids = serverProcessIds(pid);
  return ids.map((id) => ({
    role: ids.length === 1 ? "single" : id === pid ? "primary" : "worker",
    rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${id}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024,
  }));
}

/** Resident memory of a server: its own process and every worker's, summed (shared pages count once per process). */
export function serverMemoryMb(pid: number): number {
  return processMemoryMb(pid).reduce((sum, { rssMb }) => sum + rssMb, 0);
}

/** How many processes answer requests: the workers, or the one process when there are none. */
export function servingProcesses(pid: number): number {
  return Math.max(serverProcessIds(pid).length - 1, 1);
}
