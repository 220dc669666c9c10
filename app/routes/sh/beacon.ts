import { clientAddressContext, databaseContext } from "~/request-context";
import { collectSpeedBeacon } from "~/site-speed/collect-beacon.server";
import type { Route } from "./+types/beacon";

/** POST /sh/beacon: a page's site-speed beacon. Outside the shell: it needs no session, only gains a seller from one. */
export async function action({ request, context }: Route.ActionArgs) {
  await collectSpeedBeacon(context.get(databaseContext).db, request, context.get(clientAddressContext));
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response("Site-speed beacons are sent with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
