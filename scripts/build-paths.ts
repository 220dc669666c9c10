import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** Where `react-router build` puts what the server runs and what browsers download. */
export const SERVER_BUILD = "build/server/index.js";
export const CLIENT_BUILD = "build/client";

/** The server build as a module to `import()`. */
export const serverBuildUrl = (): string => pathToFileURL(resolve(SERVER_BUILD)).href;
