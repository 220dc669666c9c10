/**
 * What scripts outside the request path (the benchmark, operators' commands) need from the
 * server build, so they use the same code the server runs rather than a copy of it.
 */
export { openDatabase } from "~/db/database.server";
export { DEMO_USERNAME, generateListings, insertListings, seedDemoDataIfEmpty } from "~/db/seed.server";
