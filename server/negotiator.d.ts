// DefinitelyTyped's types (0.6) predate negotiator 1.0's `preferred` option, which breaks ties
// between encodings a browser accepts equally ("gzip, deflate, br, zstd"); only what the hub uses.
declare module "negotiator" {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
    /** The client's language ranges, most wanted first (`*` included). */
    languages(): string[];
  }
}
