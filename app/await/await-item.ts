/**
 * Waiting for a named item — a module, a global or an element — that some part of the page
 * provides later (docs/product/behaviour.md, docs/product/calls-and-limits.md). Items are announced, never polled for: a waiting tab stays idle.
 * Browser-side state: the registry lives as long as the page.
 */

/** docs/product/calls-and-limits.md: how long a wait lasts unless the caller says otherwise. */
export const DEFAULT_AWAIT_TIMEOUT_MS = 10_000;

const provided = new Map<string, unknown>();
const waiting = new Map<string, Set<(item: unknown) => void>>();

/**
 * Makes `item` available under `name` and hands it to everyone waiting for it. Returns the
 * function that withdraws it again (a React ref callback can return it as its clean-up).
 */
export function provideItem(name: string, item: unknown): () => void {
  provided.set(name, item);
  const resolvers = waiting.get(name);
  waiting.delete(name);
  for (const resolve of resolvers ?? []) resolve(item);
  return () => {
    if (provided.get(name) === item) provided.delete(name);
  };
}

/** The item named `name` once it is provided; rejects when `timeoutMs` pass first. */
export function awaitItem<T>(name: string, timeoutMs: number = DEFAULT_AWAIT_TIMEOUT_MS): Promise<T> {
  if (provided.has(name)) return Promise.resolve(provided.get(name) as T);
  return new Promise<T>((resolve, reject) => {
    const onProvided = (item: unknown) => {
      clearTimeout(timer);
      resolve(item as T);
    };
    const timer = setTimeout(() => {
      stopWaiting(name, onProvided);
      reject(new Error(`Await (${name}) timed out after ${timeoutMs}ms`));
    }, timeoutMs);
    waiting.set(name, (waiting.get(name) ?? new Set()).add(onProvided));
  });
}

function stopWaiting(name: string, resolver: (item: unknown) => void): void {
  const resolvers = waiting.get(name);
  resolvers?.delete(resolver);
  if (resolvers?.size === 0) waiting.delete(name);
}
