/** Where `react-router build` puts what the server runs and what browsers download. */
export const SERVER_BUILD = "build/server/index.js";
export const CLIENT_BUILD = "build/client";
