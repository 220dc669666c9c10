import { data, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { refusal } from "~/http/refusal";
import { readForm } from "~/http/request-body.server";
import type { Text } from "~/i18n/language-text";
import { pageUrl } from "~/http/page-url";
import { parseListingFilters } from "~/listings/listing-filters";
import { parseListingId } from "~/listings/listing-id";
import { findListingsPage, matchingListings } from "~/listings/listings.server";
import type { ListingFilters } from "~/listings/listing-filters";
import {
  changeSelection,
  clearSelection,
  countSelected,
  MAX_SELECTION,
  selectAllMatching,
  selectedAmong,
  type SelectionResult,
} from "./listing-selection.server";
import { SELECTION_INTENTS, type SelectionIntent } from "./selection-intents";

export interface ListingsSelection {
  /** Selected in all, on every page and under any filters. */
  count: number;
  /** The ids of this page's listings that are selected. */
  selectedOnPage: number[];
  /** How many of the listings matching these filters are selected. */
  selectedMatching: number;
  /** The session's anti-forgery token, for the selection's forms. */
  srt: string;
}

/** What the listings page shows of the seller's selection. */
export async function loadListingsSelection(
  { db }: Database,
  { seller, sessionId, srt }: SignedInSeller,
  filters: ListingFilters,
  pageIds: number[],
): Promise<ListingsSelection> {
  const count = await countSelected(db, sessionId);
  // Most visits select nothing: then the page costs one more read, of an index, and no join.
  if (count === 0) return { count, selectedOnPage: [], selectedMatching: 0, srt };
  const [selectedOnPage, matching] = await Promise.all([
    selectedAmong(db, sessionId, pageIds),
    matchingListings(db, seller.id, filters)
      .innerJoin("listing_selection", "listing_selection.listing_id", "listing.id")
      .where("listing_selection.session_id", "=", sessionId)
      .select((eb) => eb.fn.countAll<number>().as("selected"))
      .executeTakeFirstOrThrow(),
  ]);
  return { count, selectedOnPage, selectedMatching: Number(matching.selected), srt };
}

/**
 * The listings page's form: a checkbox ticked with JavaScript (select, unselect: answered with
 * the new count), or the selection bar's buttons and the form sent without JavaScript (answered
 * with a redirect back to the same page, or on to choosing the change).
 */
export async function handleSelectionForm(request: Request, database: Database, signedIn: SignedInSeller, text: Text) {
  /** The answer as the page shows it: a refusal's reason in the seller's words. */
  const answer = (result: SelectionResult) =>
    result.ok ? result : { ...result, reason: text(result.reason, { max: MAX_SELECTION }) };
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const intent = form.get("intent");
  if (!isSelectionIntent(intent)) {
    throw refusal(
      400,
      `Say what to do with the selection: intent is one of ${Object.keys(SELECTION_INTENTS).join(", ")}.`,
    );
  }
  const who = { sessionId: signedIn.sessionId, sellerId: signedIn.seller.id };
  const url = pageUrl(request);
  const listings = listingIds(form.getAll("listing"));
  let result: SelectionResult;
  switch (intent) {
    case "select":
    case "unselect": {
      result = await changeSelection(database, who, {
        select: intent === "select" ? listings : [],
        unselect: intent === "unselect" ? listings : [],
      });
      return data(answer(result), { status: result.ok ? 200 : 409 });
    }
    case "all":
      result = await selectAllMatching(database, who, parseListingFilters(url.searchParams));
      break;
    case "clear":
      await clearSelection(database.db, who.sessionId);
      result = { ok: true, count: 0 };
      break;
    case "save":
    case "choose": {
      // Without JavaScript the page's checkboxes arrive together: the ticked ones are selected,
      // the others of the page shown unselected.
      const shown = await shownListingIds(database, signedIn, url);
      const ticked = new Set(listings);
      result = await changeSelection(database, who, {
        select: shown.filter((id) => ticked.has(id)),
        unselect: shown.filter((id) => !ticked.has(id)),
      });
      if (result.ok && intent === "choose") {
        if (result.count === 0) result = { ok: false, count: 0, reason: "bulk.refused.noneSelected" };
        else throw redirect("/sh/lst/prices", 303);
      }
      break;
    }
  }
  if (!result.ok) return data(answer(result), { status: 409 });
  throw redirect(`${url.pathname}${url.search}`, 303);
}

function isSelectionIntent(value: unknown): value is SelectionIntent {
  return typeof value === "string" && Object.hasOwn(SELECTION_INTENTS, value);
}

/** Listing ids as sent; anything that is not one is ignored, as an id of another seller is. */
function listingIds(values: FormDataEntryValue[]): number[] {
  return values.flatMap((value) => parseListingId(value) ?? []);
}

/** The listings the page showed: read again from its filters, never trusted from the form. */
async function shownListingIds(database: Database, { seller }: SignedInSeller, url: URL): Promise<number[]> {
  const page = await findListingsPage(database, seller.id, parseListingFilters(url.searchParams));
  return page.listings.map((listing) => listing.id);
}
