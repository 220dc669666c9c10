import type { Text } from "~/i18n/language-text";
import { redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { refusal } from "~/http/refusal";
import { decimalMark, formatMoney } from "~/money/format-money";
import { readForm } from "~/http/request-body.server";
import { findMarketFigures } from "~/listings/market-figures.server";
import { countSelected } from "./listing-selection.server";
import { describePriceChange, examplePrice, MAX_PRICE, parsePrice } from "./price-change";
import { priceChangeForm } from "./price-change-form.server";
import {
  applyPriceChange,
  changeListingPrice,
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
  type PriceChangeItem,
  type Progress,
} from "./price-changes.server";

/** What the route modules of app/routes/sh/price-change*.ts call: reading the request, then the data layer. */

export async function loadChoice({ db }: Database, { seller, sessionId, srt }: SignedInSeller) {
  return { count: await countSelected(db, sessionId), srt, locale: seller.locale, currency: seller.currency };
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
): Promise<Choice> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const values = Object.fromEntries(
    ["kind", "amount", "ending"].map((field) => [field, String(form.get(field) ?? "")]),
  );
  const { currency, locale } = signedIn.seller;
  const parsed = priceChangeForm(currency, locale, text).safeParse({
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

export type ListingPriceSaved =
  { ok: true; changeId: string } | { ok: false; status: 400 | 404 | 409; error: string; value: string };

/**
 * The price typed on a listing's page, in the listing's currency and the seller's decimal mark,
 * checked and written against the version the page showed. A refusal keeps what was typed.
 */
export async function saveListingPrice(
  request: Request,
  database: Database,
  signedIn: SignedInSeller,
  listing: { id: number; currency: string },
  text: Text,
): Promise<ListingPriceSaved> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const value = String(form.get("price") ?? "");
  const versionText = String(form.get("version") ?? "");
  // The page always sends the version it showed: without one the request is not the page's.
  if (!/^\d{1,9}$/.test(versionText)) throw refusal(400, text("listingPrice.refused.noVersion"));
  const { locale } = signedIn.seller;
  const price = parsePrice(value, listing.currency, decimalMark(locale));
  const refused = (status: 400 | 404 | 409, error: string) => ({ ok: false as const, status, error, value });
  if (price === undefined)
    return refused(
      400,
      text("listingPrice.form.format", {
        currency: listing.currency,
        example: examplePrice(listing.currency, decimalMark(locale)),
      }),
    );
  if (price > MAX_PRICE)
    return refused(400, text("bulk.form.amountAtMost", { max: formatMoney(MAX_PRICE, listing.currency, locale) }));
  try {
    const changeId = await changeListingPrice(database, signedIn.seller.id, listing.id, {
      price,
      seenVersion: Number(versionText),
    });
    return { ok: true, changeId };
  } catch (error) {
    if (error instanceof PriceChangeRefused)
      return refused(error.status, text(error.reason, { max: formatMoney(MAX_PRICE, listing.currency, locale) }));
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
) {
  const summary = isChangeId(changeId) ? await findPriceChange(db, seller.id, changeId) : undefined;
  if (!summary) throw refusal(404, text(NO_SUCH_CHANGE));
  const items = await findPriceChangeItems(db, seller.id, changeId, { offset, limit: ITEMS_PER_PAGE });
  const rows: PriceChangeRow[] = await withMarketMedians(db, items);
  const total = summary.changing + Object.values(summary.problems).reduce((sum, count) => sum + count, 0);
  return {
    summary,
    description: describePriceChange(summary.change, seller.locale, text),
    rows,
    total,
    offset,
    limit: ITEMS_PER_PAGE,
    locale: seller.locale,
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
    (step === "apply" ? applyPriceChange : undoPriceChange)(database, signedIn.seller.id, changeId, onProgress);
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
