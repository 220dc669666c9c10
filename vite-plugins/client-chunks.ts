import { resolve } from "node:path";
import type { Plugin, Rolldown } from "vite";

/** React Router's route config, as app/routes.ts exports it: only what grouping needs. */
export interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

export interface ClientChunksOptions {
  /** React Router's app directory: the files below are relative to it. */
  appDirectory: string;
  routes: RouteEntry[];
  /** The client entry, which hydrates every page. */
  entry: string;
  /** The root route, which every page loads. */
  root: string;
  /** Layout routes whose pages always load them: each gets one chunk with what it imports. */
  layouts: string[];
  /** Scripts of pages React does not hydrate (standalone-scripts.ts): they must never load React. */
  standaloneScripts: string[];
}

const NODE_MODULES = /node_modules[\\/]/;

/** The packages every hydrated page runs, whatever the page. */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|get-nonce)[\\/]/;

/**
 * Groups the client build's modules into fewer files, without any page loading code it did not
 * load before (decision record 014). Left alone, Rolldown gives each set of modules shared by a
 * different set of entries a chunk of its own: `/sh/ovw` loaded 14 scripts, eight of them under
 * 2 kB, and small files compress badly. Here:
 *
 * - the client entry takes React, React DOM, React Router and get-nonce: one file, which changes
 *   only when these packages or the ten-line entry do;
 * - the root route takes every module it imports statically: every page loads them anyway;
 * - each layout takes every module it imports statically, less the root's and less what a route
 *   outside the layout imports: the pages inside load them anyway, the others must not;
 * - what the root or a layout shares with a route outside it or with a standalone script (which
 *   must never load React) is captured first into chunks of its own, one per package and one per
 *   set of entries that load the same modules, so that a group cannot drag it along (a group
 *   takes its modules' static dependencies).
 *
 * Lazily loaded modules (dialogs, web-vitals) are dynamic imports, not followed: they keep their
 * own chunks. The root's and the layouts' route modules become one-line files re-exporting their
 * group's chunk (their exports must stay exactly the route's).
 */
export function clientChunks(options: ClientChunksOptions): Plugin {
  return {
    name: "seller-hub:client-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return { build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(options) } } } } };
    },
  };
}

export function chunkGroups(options: ClientChunksOptions): Rolldown.CodeSplittingGroup[] {
  const inApp = (file: string) => resolve(options.appDirectory, file);
  const clientEntry = inApp(options.entry);
  const root = inApp(options.root);
  const layouts = options.layouts.map(inApp);
  const standalone = options.standaloneScripts.map((file) => resolve(file));
  const routes = flattenRoutes(options.routes, []).map(({ file, ancestors }) => ({
    file: inApp(file),
    ancestors: ancestors.map(inApp),
  }));

  /** Per chunking pass: the group of each module that goes to one (the others, Rolldown places). */
  const planFor = memoizeByContext((context) => {
    const closure = (entry: string) => staticClosure(entry, context);
    const standaloneModules = union(standalone.map(closure));
    const groups = [root, ...layouts].map((entry) => {
      // The root's group only keeps out what standalone scripts load: every route loads the root.
      const outsideRoutes =
        entry === root ? [] : routes.filter((route) => route.file !== entry && !route.ancestors.includes(entry));
      const elsewhere = union([standaloneModules, ...outsideRoutes.map((route) => closure(route.file))]);
      return { name: chunkName(entry), modules: closure(entry), elsewhere };
    });
    const shared = new Set<string>();
    for (const { modules, elsewhere } of groups) for (const id of modules) if (elsewhere.has(id)) shared.add(id);
    // Shared modules that exactly the same entries load go together: no page can load one
    // without the others, and one file compresses better than several small ones.
    const loaders = [root, ...layouts, ...standalone, ...routes.map((route) => route.file)].map(closure);
    const signature = (id: string) => loaders.map((modules) => (modules.has(id) ? "1" : "0")).join("");
    const pinned = new Map<string, string>();
    // A package keeps a chunk of its own: it changes less often than the hub's code.
    for (const id of shared) if (NODE_MODULES.test(id)) pinned.set(id, chunkName(id));
    const together = Map.groupBy([...shared].filter((id) => !pinned.has(id)).toSorted(), signature);
    for (const members of together.values()) {
      // Named after the module the others are imported by (the beacon, not its helpers).
      const imported = new Set(members.flatMap((id) => context.getModuleInfo(id)?.importedIds ?? []));
      const name = chunkName(members.find((id) => !imported.has(id)) ?? (members[0] as string));
      for (const id of members) pinned.set(id, name);
    }
    const grouped = new Map<string, string>();
    for (const { name, modules } of groups)
      for (const id of modules) if (!pinned.has(id) && !grouped.has(id)) grouped.set(id, name);
    return { pinned, grouped };
  });

  return [
    { name: chunkName(clientEntry), test: (id) => id === clientEntry || FRAMEWORK.test(id), priority: 3 },
    // Modules that the root or a layout shares with pages that must not load its group: captured
    // first into chunks of their own (one per package, one per set of loading entries for the
    // hub's modules), so that grouping a module that imports one cannot drag it along.
    {
      name: (id, context) => planFor(context).pinned.get(id) ?? null,
      debugName: "shared-with-other-pages",
      priority: 2,
    },
    { name: (id, context) => planFor(context).grouped.get(id) ?? null, debugName: "root-and-layouts", priority: 1 },
  ];
}

function flattenRoutes(routes: RouteEntry[], ancestors: string[]): { file: string; ancestors: string[] }[] {
  return routes.flatMap((route) => [
    { file: route.file, ancestors },
    ...flattenRoutes(route.children ?? [], [...ancestors, route.file]),
  ]);
}

/** The modules an entry loads through static imports, less the framework's (lazy imports are not followed). */
function staticClosure(entry: string, context: Rolldown.ChunkingContext): Set<string> {
  const found = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (found.has(id) || FRAMEWORK.test(id)) continue;
    const info = context.getModuleInfo(id);
    if (!info) continue;
    found.add(id);
    pending.push(...info.importedIds);
  }
  return found;
}

function union(sets: Set<string>[]): Set<string> {
  return new Set(sets.flatMap((set) => [...set]));
}

/** `…/app/routes/sh/shell.tsx` → `shell`; a package's module → the package's name. */
function chunkName(id: string): string {
  const packageName = /node_modules[\\/]((@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
  if (packageName) return packageName.replace(/[\\/]/g, "-");
  return (id.split(/[\\/]/).at(-1) ?? id).replace(/\..*$/, "").replace(/^\0/, "");
}

function memoizeByContext<T>(
  compute: (context: Rolldown.ChunkingContext) => T,
): (context: Rolldown.ChunkingContext) => T {
  const cache = new WeakMap<Rolldown.ChunkingContext, T>();
  return (context) => {
    if (!cache.has(context)) cache.set(context, compute(context));
    return cache.get(context) as T;
  };
}
