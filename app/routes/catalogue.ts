import { refusal } from "~/http/refusal";
import { catalogueResponse } from "~/i18n/catalogue-file.server";
import { catalogueFileNamed } from "~/i18n/catalogues.server";
import { offeredLanguages } from "~/i18n/language.server";
import type { Route } from "./+types/catalogue";

/** A language's compiled messages, which each page preloads for its scripts (app/i18n/catalogue-file.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = catalogueFileNamed(params.file, offeredLanguages());
  if (!found) return refusal(404, "No such catalogue.", { "Cache-Control": "no-store" });
  // A page of an earlier release (a rolling deploy, a tab left open) names the file its texts were
  // in: it gets this release's, so it still hydrates; React mends any text that changed.
  if (!found.current)
    return new Response(null, { status: 307, headers: { Location: found.file.url, "Cache-Control": "no-store" } });
  return catalogueResponse(found.file, request);
}
