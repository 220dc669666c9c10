import type { Text } from "~/i18n/language-text";
import { redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import type { SignedInSeller } from "~/auth/session.server";
import { actorOf } from "~/activity/activity.server";
import type { Database } from "~/db/database.server";
import type { ChangedField } from "~/db/schema";
import { refusal } from "~/http/refusal";
import { decimalMark, formatMoney, minorUnitsPerMajor, plainAmount } from "~/money/format-money";
import { readForm } from "~/http/request-body.server";
import { findMarketFigures } from "~/listings/market-figures.server";
import { countSelected } from "./listing-selection.server";
import { describePriceChange, examplePrice, MAX_PRICE, parsePrice } from "./price-change";
import { priceChangeForm } from "./price-change-form.server";
import { MAX_QUANTITY, parseQuantity, QUANTITY_PROBLEMS } from "./quantity-change";
import {
  applyPriceChange,
  changeListing,
  ListingEditRefused,
  UndoWouldEnd,
  discardPreview,
  findPriceChange,
  findPriceChangeItems,
  isChangeId,
  NO_SUCH_CHANGE,
  previewPriceChange,
  PriceChangeRefused,
  undoPriceChange,
  whyNotUndoable,
  type ApplyResult,
  type ListingEdits,
  type PriceChangeItem,
  type Progress,
} from "./price-changes.server";
import { shownPageOffset } from "~/http/page-offset";

/** What the route modules of app/routes/sh/price-change*.ts call: reading the request, then the data layer. */

/** `locale` writes the page's numbers, and reads the amount typed (formattingLocaleOf). */
export async function loadChoice({ db }: Database, { seller, sessionId, srt }: SignedInSeller, locale: string) {
  return { count: await countSelected(db, sessionId), srt, locale, currency: seller.currency };
}

export type ChoiceField = "kind" | "amount" | "ending";

export type Choice =
  | { ok: true; changeId: string }
  | {
      ok: false;
      status: 400 | 409;
      errors: Partial<Record<ChoiceField | "form", string>>;
      values: Record<string, string>;
    };

/** Checks the chosen change and previews it on the selection. */
export async function choosePriceChange(
  request: Request,
  { db }: Database,
  signedIn: SignedInSeller,
  text: Text,
  locale: string,
): Promise<Choice> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const values = Object.fromEntries(
    ["kind", "amount", "ending"].map((field) => [field, String(form.get(field) ?? "")]),
  );
  const parsed = priceChangeForm(signedIn.seller.currency, locale, text).safeParse({
    kind: values.kind || undefined,
    amount: values.amount ?? "",
    ending: values.ending,
  });
  if (!parsed.success) {
    const errors: Partial<Record<ChoiceField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = (issue.path[0] ?? "kind") as ChoiceField;
      errors[field] ??= issue.message;
    }
    return { ok: false, status: 400, errors, values };
  }
  try {
    const changeId = await previewPriceChange(
      db,
      { sellerId: signedIn.seller.id, sessionId: signedIn.sessionId },
      parsed.data,
    );
    return { ok: true, changeId };
  } catch (error) {
    if (error instanceof PriceChangeRefused)
      return { ok: false, status: 409, errors: { form: text(error.reason) }, values };
    throw error;
  }
}

/**
 * A listing page's form as refused: the reason per field (or for the whole form), and what the
 * seller had typed in each field they changed.
 */
export interface ListingChangeRefusal {
  ok: false;
  status: 400 | 404 | 409;
  errors: Partial<Record<ChangedField | "form", string>>;
  values: Partial<Record<ChangedField, string>>;
}

export type ListingChangeSaved = { ok: true; changeId: string } | ListingChangeRefusal;

/**
 * The price and quantity typed on a listing's page, the price in the listing's currency and the
 * seller's decimal mark. A field is written only when its value differs from the one the page
 * showed (sent with it), so a field the seller left alone is never written back over a change made
 * elsewhere meanwhile; each written field is checked against the version the page showed. A
 * refusal keeps what was typed.
 */
export async function saveListingChanges(
  request: Request,
  database: Database,
  signedIn: SignedInSeller,
  listing: { id: number; currency: string },
  text: Text,
  locale: string,
): Promise<ListingChangeSaved> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const typed = { price: String(form.get("price") ?? ""), quantity: String(form.get("quantity") ?? "") };
  // Up to 2^53: what the page showed is the listing's as stored, whatever the hub's limits for new values.
  const shown = (name: string) => {
    const value = String(form.get(name) ?? "");
    return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
  };
  const seen = {
    price: { value: shown("priceShown"), version: shown("priceVersion") },
    quantity: { value: shown("quantityShown"), version: shown("quantityVersion") },
  };
  // The page always sends what it showed: without it the request is not the page's.
  if (Object.values(seen).some(({ value, version }) => value === undefined || version === undefined))
    throw refusal(400, text("listingPrice.refused.noVersion"));
  const mark = decimalMark(locale);
  const limit = { price: formatMoney(MAX_PRICE, listing.currency, locale), quantity: MAX_QUANTITY };
  const parsed = {
    price: parsePrice(typed.price, listing.currency, mark),
    quantity: parseQuantity(typed.quantity),
  };
  // The price left as the page wrote it, in either decimal mark: a page drawn before the seller
  // chose another language (in another tab) sends its own, which the new language's may not read.
  const perMajor = minorUnitsPerMajor(listing.currency);
  const priceLeftAsShown = [".", ","].some(
    (shownMark) => plainAmount(seen.price.value as number, perMajor, shownMark) === typed.price.trim(),
  );
  // A field whose value is the one the page showed was left alone: it is neither checked nor
  // written, and after a refusal it shows the listing's value as it is then, never the old one
  // (which a second save would write back over another tab's change).
  const edited = (field: ChangedField) =>
    field === "price" && priceLeftAsShown ? false : parsed[field] !== seen[field].value;
  const values: ListingChangeRefusal["values"] = {};
  for (const field of ["price", "quantity"] as const) if (edited(field)) values[field] = typed[field];
  const refused = (status: ListingChangeRefusal["status"], errors: ListingChangeRefusal["errors"]) =>
    ({ ok: false, status, errors, values }) satisfies ListingChangeRefusal;

  const errors: ListingChangeRefusal["errors"] = {};
  if (edited("price")) {
    if (parsed.price === undefined)
      errors.price = text("listingPrice.form.format", {
        currency: listing.currency,
        example: examplePrice(listing.currency, mark),
      });
    else if (parsed.price > MAX_PRICE) errors.price = text("bulk.form.amountAtMost", { max: limit.price });
  }
  if (edited("quantity")) {
    if (parsed.quantity === undefined) errors.quantity = text("listingQuantity.form.format");
    else if (parsed.quantity > MAX_QUANTITY)
      errors.quantity = text(QUANTITY_PROBLEMS.above_maximum, { max: limit.quantity });
  }
  if (errors.price || errors.quantity) return refused(400, errors);

  const edits: ListingEdits = {};
  for (const field of ["price", "quantity"] as const)
    if (edited(field)) edits[field] = { value: parsed[field] as number, seenVersion: seen[field].version as number };
  if (!edits.price && !edits.quantity) return refused(400, { form: text("listingPrice.refused.nothingChanged") });
  try {
    // Only the last change can be undone: the page says which undo a save ends, and a change
    // applied since (another tab) is said before its undo ends, not after.
    const warned = String(form.get("undoEnds") ?? "");
    return {
      ok: true,
      changeId: await changeListing(database, actorOf(signedIn), listing.id, edits, Date.now(), warned),
    };
  } catch (error) {
    if (error instanceof UndoWouldEnd)
      return refused(409, {
        form: text(error.reason, { description: describePriceChange(error.last.change, locale, text) }),
      });
    if (error instanceof ListingEditRefused)
      return refused(error.status, { [error.field]: text(error.reason, { max: limit[error.field] }) });
    if (error instanceof PriceChangeRefused) return refused(error.status, { form: text(error.reason) });
    throw error;
  }
}

/** Rows of a change's page. */
export const ITEMS_PER_PAGE = 50;

export interface PriceChangeRow extends PriceChangeItem {
  /** The median price of the listing's condition in its product's market (the product insights' figure); null when nobody else lists it. */
  marketMedian: number | null;
}

export async function loadPriceChangePage(
  { db }: Database,
  { seller, srt }: SignedInSeller,
  changeId: string,
  offset: number,
  text: Text,
  locale: string,
) {
  const summary = isChangeId(changeId) ? await findPriceChange(db, seller.id, changeId) : undefined;
  if (!summary) throw refusal(404, text(NO_SUCH_CHANGE));
  const total = summary.items;
  // Past the end, the last page (decision 032).
  const shown = shownPageOffset(offset, total, ITEMS_PER_PAGE);
  const items = await findPriceChangeItems(db, seller.id, changeId, { offset: shown, limit: ITEMS_PER_PAGE });
  const rows: PriceChangeRow[] = await withMarketMedians(db, items);
  return {
    summary,
    description: describePriceChange(summary.change, locale, text),
    rows,
    total,
    offset: shown,
    limit: ITEMS_PER_PAGE,
    locale,
    currency: seller.currency,
    srt,
  };
}

/** Cancels a preview and leads back to the listings, the selection kept. */
export async function cancelPreview(
  request: Request,
  { db }: Database,
  signedIn: SignedInSeller,
  changeId: string,
  text: Text,
) {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  if (!isChangeId(changeId)) throw refusal(404, text(NO_SUCH_CHANGE));
  await discardPreview(db, signedIn.seller.id, changeId);
  return redirect("/sh/lst/active#change-prices", 303);
}

/**
 * Applies or undoes a change. A browser running the hub's script asks for the progress as it
 * happens (`Accept: application/x-ndjson`): one line per chunk written, then the outcome. A form
 * sent without JavaScript waits for the outcome and is led to the change's page (303).
 */
export async function runPriceChange(
  request: Request,
  database: Database,
  signedIn: SignedInSeller,
  changeId: string,
  step: "apply" | "undo",
  text: Text,
): Promise<Response> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  if (!isChangeId(changeId)) throw refusal(404, text(NO_SUCH_CHANGE));
  const run = (onProgress: (progress: Progress) => void): Promise<ApplyResult> =>
    (step === "apply" ? applyPriceChange : undoPriceChange)(database, actorOf(signedIn), changeId, onProgress);
  const changePage = `/sh/lst/prices/${encodeURIComponent(changeId)}`;

  if (!(request.headers.get("Accept") ?? "").includes("application/x-ndjson")) {
    try {
      await run(() => {});
    } catch (error) {
      if (error instanceof PriceChangeRefused) throw refusal(error.status, text(error.reason));
      throw error;
    }
    return redirect(changePage, 303);
  }

  // A change that cannot run is refused with its status before any progress is streamed; a
  // refusal found only while running (another tab was quicker) still arrives as a line.
  const summary = await findPriceChange(database.db, signedIn.seller.id, changeId);
  if (!summary) throw refusal(404, text(NO_SUCH_CHANGE));
  const refused = step === "undo" && whyNotUndoable(summary);
  if (refused) throw refusal(refused.status, text(refused.reason));

  const encoder = new TextEncoder();
  // The change runs to its end whatever the browser does: a tab closed mid-apply cancels the
  // stream, and from then on the progress goes nowhere, instead of failing inside the
  // transaction and rolling the whole change back.
  let watched = true;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: object) => {
        if (watched) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      try {
        const { wrote } = await run((progress) => send({ type: "progress", ...progress }));
        send({ type: "done", wrote, location: changePage });
      } catch (error) {
        if (!(error instanceof PriceChangeRefused)) console.error(`bulk prices: ${step} failed:`, error);
        send({
          type: "refused",
          reason: text(error instanceof PriceChangeRefused ? error.reason : "bulk.refused.failed"),
        });
      } finally {
        if (watched) controller.close();
      }
    },
    cancel() {
      watched = false;
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Each row's market median, from the product insights' figures: one read per product and currency on the page. */
async function withMarketMedians(db: Database["db"], items: PriceChangeItem[]): Promise<PriceChangeRow[]> {
  const markets = new Map<string, ReturnType<typeof findMarketFigures>>();
  for (const { epid, currency } of items) {
    const key = `${epid}|${currency}`;
    if (!markets.has(key)) markets.set(key, findMarketFigures(db, epid, currency));
  }
  return Promise.all(
    items.map(async (item) => {
      const market = await markets.get(`${item.epid}|${item.currency}`);
      const figures = market?.byCondition.find((figure) => figure.condition === item.condition);
      return { ...item, marketMedian: figures?.median ?? null };
    }),
  );
}
