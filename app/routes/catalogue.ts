import { refusal } from "~/http/refusal";
import { catalogueResponse } from "~/i18n/catalogue-file.server";
import { catalogueFileNamed } from "~/i18n/catalogues.server";
import { offeredLanguages } from "~/i18n/language.server";
import type { Route } from "./+types/catalogue";

/** A language's compiled messages, which each page preloads for its scripts (app/i18n/catalogue-file.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = catalogueFileNamed(params.file, offeredLanguages());
  if (!found) return refusal(404, "No such catalogue.", { "Cache-Control": "no-store" });
  // A page of another release (a tab left open, or a rolling deploy whose instances of two releases
  // answer in turn) names the file its texts were in: it gets this release's, not to be kept, so it
  // still hydrates; React mends any text that changed. Not a redirect: two releases each sending
  // the other's name on to their own would send the browser back and forth.
  return catalogueResponse(found.file, request, { current: found.current });
}
