/**
 * Migrates the database of DATABASE_URL and, unless SEED_DEMO_DATA=false, fills it with the demo
 * when it is empty; then exits. The primary of scripts/cluster.ts runs it before any worker starts.
 */
import { serverBuildUrl } from "./build-paths.ts";

const { openDatabase, seedDemoDataIfEmpty } = await import(serverBuildUrl());
const database = await openDatabase();
try {
  if (process.env.SEED_DEMO_DATA !== "false") await seedDemoDataIfEmpty(database);
} finally {
  await database.close();
}
