/**
 * The server the end-to-end tests run against: the production build on a fresh SQLite file,
 * with the demo, the sellers of the bulk price journeys (e2e/repricing-sellers.ts) and the
 * accounts of journeys that need their own (e2e/own-accounts.ts).
 */
import { rmSync } from "node:fs";
import { registerAppModules } from "./app-modules.ts";

const path = process.env.E2E_DATABASE_PATH;
if (!path) throw new Error("E2E_DATABASE_PATH must name the SQLite file the end-to-end tests use.");
for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
process.env.DATABASE_URL = `sqlite:${path}`;

registerAppModules();
const { openDatabase } = await import("../app/db/database.server.ts");
const { seedDemoDataIfEmpty, DEMO_PASSWORD } = await import("../app/db/seed.server.ts");
const { hashPassword } = await import("../app/auth/password.server.ts");
const { addRepricingSellers } = await import("../e2e/repricing-sellers.ts");
const { addOwnAccounts, addSlowerWeek, addSummedDay, SLOWER_WEEK_ACCOUNTS } = await import("../e2e/own-accounts.ts");
const database = await openDatabase(process.env.DATABASE_URL);
try {
  await seedDemoDataIfEmpty(database);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await addRepricingSellers(database.db, passwordHash);
  await addOwnAccounts(database.db, passwordHash);
  for (const username of SLOWER_WEEK_ACCOUNTS) await addSlowerWeek(database.db, username);
  await addSummedDay(database);
} finally {
  await database.close();
}

await import("./serve.ts");
