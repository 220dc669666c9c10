import { isDatabaseReachable } from "~/db/database.server";
import { databaseContext } from "~/request-context";
import type { Route } from "./+types/healthz";

export async function loader({ context }: Route.LoaderArgs) {
  const healthy = await isDatabaseReachable(context.get(databaseContext));
  return Response.json(healthy ? { status: "ok", db: "ok" } : { status: "unavailable", db: "unreachable" }, {
    status: healthy ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
