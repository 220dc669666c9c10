import { useEffect, useRef } from "react";
import { Form, href, Link, useLocation } from "react-router";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { PriceChangeTable } from "~/listing-changes/components/price-change-table/PriceChangeTable";
import { RunChangeForm, UndoChangeForm } from "~/listing-changes/components/run-change-form/RunChangeForm";
import { fieldsSelector, itemProblemText } from "~/listing-changes/quantity-change";
import { cancelPreview, loadPriceChangePage } from "~/listing-changes/price-change-routes.server";
import type { PriceChangeSummary } from "~/listing-changes/price-changes.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { readPageOffset } from "~/http/page-offset";
import { pageUrl } from "~/http/page-url";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import type { Route } from "./+types/price-change";
import { useMay } from "~/team/member-permissions";

export const handle: PageHandle = {
  pageName: "sellerHubBulkPriceChange",
  title: "page.changePrices",
  documentTitle: (data: Route.ComponentProps["loaderData"] | undefined) => data?.description,
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offset = readPageOffset(pageUrl(request).searchParams);
  return loadPriceChangePage(
    context.get(databaseContext),
    getSignedInSeller(context),
    params.changeId,
    offset,
    textOf(context),
    formattingLocaleOf(context),
  );
}

/** Cancelling a preview: it is deleted, and the seller goes back to the listings with the selection kept. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return cancelPreview(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    params.changeId,
    textOf(context),
  );
}

export default function PriceChange({ loaderData }: Route.ComponentProps) {
  const { summary, description, rows, total, offset, limit, locale, currency, srt } = loaderData;
  const { change } = summary;
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation();
  const number = (value: number) => value.toLocaleString(locale);
  const text = useText();
  const may = useMay();
  const fields = fieldsSelector(summary.fields);
  // After applying or undoing with JavaScript the page shows the outcome: focus goes to its heading.
  useEffect(() => {
    if ((state as { ran?: boolean } | null)?.ran) heading.current?.focus();
  }, [state]);

  return (
    <div className="price-change">
      <p>
        <Link prefetch="intent" to={`${href("/sh/lst/active")}#change-prices`}>
          {text("bulk.back")}
        </Link>
      </p>
      <h2 ref={heading} tabIndex={-1}>
        {text("bulk.change.heading", { state: change.state, description })}
      </h2>
      <Outcome summary={summary} number={number} locale={locale} currency={currency} />
      {change.state === "previewed" && may("listings:change") && (
        <div className="price-change__actions">
          {summary.changing > 0 && (
            <RunChangeForm
              action={href("/sh/lst/prices/:changeId/apply", { changeId: change.id })}
              srt={srt}
              progressLabel={text("bulk.change.applying", { fields })}
              locale={locale}
              primary
            >
              {text("bulk.change.apply", { fields, count: summary.changing, countText: number(summary.changing) })}
            </RunChangeForm>
          )}
          <Form method="post" className="run-change-form">
            <input type="hidden" name="srt" value={srt} />
            <button type="submit" className="button">
              {text("bulk.change.cancel")}
            </button>
          </Form>
        </div>
      )}
      {summary.undoableUntil !== null && may("listings:change") && (
        <UndoChangeForm
          changeId={change.id}
          undoableUntil={summary.undoableUntil}
          srt={srt}
          locale={locale}
          className="price-change__actions"
        />
      )}
      <PriceChangeTable rows={rows} locale={locale} state={change.state} fields={summary.fields} />
      <Pagination total={total} offset={offset} limit={limit} label={text("bulk.change.pagination")} />
    </div>
  );
}

function Outcome({
  summary,
  number,
  locale,
  currency,
}: {
  summary: PriceChangeSummary;
  number: (value: number) => string;
  locale: string;
  /** The seller's: the currency their limits are named in. */
  currency: string;
}) {
  const { change } = summary;
  const text = useText();
  const timeZone = useSellerTimeZone();
  const fields = fieldsSelector(summary.fields);
  return (
    <ul className="price-change__outcome">
      {change.state === "previewed" && (
        <li>
          {text("bulk.outcome.willChange", { fields, count: summary.changing, countText: number(summary.changing) })}
        </li>
      )}
      {change.appliedAt !== null && (
        <li>
          {text("bulk.outcome.applied", {
            fields,
            time: formatTime(change.appliedAt, locale, timeZone),
            applied: summary.applied,
            appliedText: number(summary.applied),
            conflicts: summary.conflicts,
            conflictsText: number(summary.conflicts),
          })}
        </li>
      )}
      {change.undoneAt !== null && (
        <li>
          {text("bulk.outcome.undone", {
            fields,
            time: formatTime(change.undoneAt, locale, timeZone),
            restored: summary.restored,
            restoredText: number(summary.restored),
            changedSince: summary.changedSince,
            changedSinceText: number(summary.changedSince),
          })}
        </li>
      )}
      {summary.problems.map(({ field, problem, listings }) => (
        <li key={`${field}-${problem}`}>
          {text("bulk.outcome.cannot", {
            count: listings,
            countText: number(listings),
            problem: itemProblemText(field, problem, currency, locale, text),
          })}
        </li>
      ))}
    </ul>
  );
}
