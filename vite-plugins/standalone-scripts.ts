import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";

/** What a server-rendered page needs to load a standalone script: its URL and the chunks it imports. */
export interface StandaloneScript {
  src: string;
  preload: string[];
}

const PREFIX = "virtual:standalone-script/";

/**
 * Client scripts for pages that React does not hydrate (the embedded product summary). Each entry
 * (name → source file) is built as an entry of the client build, beside React Router's; server
 * code imports `virtual:standalone-script/<name>` for its hashed URL and the chunks to preload.
 * The client build runs before the server build, so the URLs are known when the server needs them.
 * In development the source file is served as it is, by Vite.
 */
export function standaloneScripts(entries: Record<string, string>): Plugin {
  const references = new Map<string, string>();
  const built = new Map<string, StandaloneScript>();
  let command: "build" | "serve" = "build";
  let base = "/";
  let root = process.cwd();

  return {
    name: "seller-hub:standalone-scripts",
    sharedDuringBuild: true,
    configResolved(config) {
      command = config.command;
      base = config.base;
      root = config.root;
    },
    buildStart() {
      if (command !== "build" || this.environment.name !== "client") return;
      for (const [name, entry] of Object.entries(entries)) {
        references.set(name, this.emitFile({ type: "chunk", id: resolve(root, entry), name }));
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const [name, reference] of references) {
        const fileName = this.getFileName(reference);
        const imports = staticImports(fileName, bundle);
        built.set(name, { src: base + fileName, preload: imports.map((file) => base + file) });
        const gzipped = [fileName, ...imports].reduce((sum, file) => sum + gzipSync(chunkCode(bundle, file)).length, 0);
        this.environment.logger.info(
          `standalone script ${name}: ${imports.length + 1} file(s), ${(gzipped / 1024).toFixed(2)} kB gzipped in all`,
        );
      }
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const entry = entries[name];
      if (!entry) return this.error(`No standalone script is named "${name}"; vite.config.ts lists them.`);
      const script: StandaloneScript | undefined =
        command === "serve" ? { src: base + entry, preload: [] } : built.get(name);
      if (!script)
        return this.error(`The standalone script "${name}" is built with the client, which must build first.`);
      return `export default ${JSON.stringify(script)};`;
    },
  };
}

/** Every chunk `fileName` imports, directly or not: the browser fetches them all before it runs. */
function staticImports(fileName: string, bundle: Rolldown.OutputBundle): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== "chunk") return;
    for (const imported of chunk.imports) {
      if (found.has(imported)) continue;
      found.add(imported);
      visit(imported);
    }
  };
  visit(fileName);
  return [...found];
}

function chunkCode(bundle: Rolldown.OutputBundle, file: string): string {
  const chunk = bundle[file];
  return chunk?.type === "chunk" ? chunk.code : "";
}
