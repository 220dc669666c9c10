import { useEffect, useRef } from "react";
import { Form, href, Link, useLocation } from "react-router";
import { formatChangeTime } from "~/bulk-prices/change-time";
import { PriceChangeTable } from "~/bulk-prices/components/price-change-table/PriceChangeTable";
import { RunChangeForm, UndoChangeForm } from "~/bulk-prices/components/run-change-form/RunChangeForm";
import { priceProblemText, type PriceProblem } from "~/bulk-prices/price-change";
import { cancelPreview, loadPriceChangePage } from "~/bulk-prices/price-change-routes.server";
import type { PriceChangeSummary } from "~/bulk-prices/price-changes.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { readPageOffset } from "~/http/page-offset";
import { pageUrl } from "~/http/page-url";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/price-change";

export const handle: PageHandle = { pageName: "sellerHubBulkPriceChange", title: "Change prices" };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.description ?? "Price change"} · Seller Hub` }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offset = readPageOffset(pageUrl(request).searchParams);
  return loadPriceChangePage(context.get(databaseContext), getSignedInSeller(context), params.changeId, offset);
}

/** Cancelling a preview: it is deleted, and the seller goes back to the listings with the selection kept. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return cancelPreview(request, context.get(databaseContext), getSignedInSeller(context), params.changeId);
}

export default function PriceChange({ loaderData }: Route.ComponentProps) {
  const { summary, description, rows, total, offset, limit, locale, currency, srt } = loaderData;
  const { change } = summary;
  const heading = useRef<HTMLHeadingElement>(null);
  const { state } = useLocation();
  const number = (value: number) => value.toLocaleString(locale);
  // After applying or undoing with JavaScript the page shows the outcome: focus goes to its heading.
  useEffect(() => {
    if ((state as { ran?: boolean } | null)?.ran) heading.current?.focus();
  }, [state]);

  return (
    <div className="price-change">
      <p>
        <Link prefetch="intent" to={`${href("/sh/lst/active")}#change-prices`}>
          Back to your listings
        </Link>
      </p>
      <h2 ref={heading} tabIndex={-1}>
        {{ previewed: "Preview", applied: "Applied", undone: "Undone" }[change.state]}: {description}
      </h2>
      <Outcome summary={summary} number={number} locale={locale} currency={currency} />
      {change.state === "previewed" && (
        <div className="price-change__actions">
          {summary.changing > 0 && (
            <RunChangeForm
              action={href("/sh/lst/prices/:changeId/apply", { changeId: change.id })}
              srt={srt}
              progressLabel="Applying new prices"
              locale={locale}
              primary
            >
              Apply new prices to {summary.changing === 1 ? "1 listing" : `${number(summary.changing)} listings`}
            </RunChangeForm>
          )}
          <Form method="post" className="run-change-form">
            <input type="hidden" name="srt" value={srt} />
            <button type="submit" className="button">
              Cancel
            </button>
          </Form>
        </div>
      )}
      {summary.undoableUntil !== null && (
        <UndoChangeForm
          changeId={change.id}
          undoableUntil={summary.undoableUntil}
          srt={srt}
          locale={locale}
          className="price-change__actions"
        />
      )}
      <PriceChangeTable rows={rows} locale={locale} state={change.state} />
      <Pagination total={total} offset={offset} limit={limit} label="Pages of this change's listings" />
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
  const listings = (count: number) => (count === 1 ? "1 listing" : `${number(count)} listings`);
  const problems = Object.entries(summary.problems) as Array<[PriceProblem, number]>;
  return (
    <ul className="price-change__outcome">
      {change.state === "previewed" && (
        <li>{listings(summary.changing)} will get a new price. Nothing is written until you apply it.</li>
      )}
      {change.appliedAt !== null && (
        <li>
          Applied {formatChangeTime(change.appliedAt, locale)} (UTC): {listings(summary.applied)} changed
          {summary.conflicts > 0 &&
            `; ${listings(summary.conflicts)} left alone, as their price changed after the preview`}
          .
        </li>
      )}
      {change.undoneAt !== null && (
        <li>
          Undone {formatChangeTime(change.undoneAt, locale)} (UTC): {listings(summary.restored)} restored
          {summary.changedSince > 0 && `; ${listings(summary.changedSince)} kept, as their price changed again since`}.
        </li>
      )}
      {problems.map(([problem, count]) => (
        <li key={problem}>
          {listings(count)} cannot change: {priceProblemText(problem, currency, locale)}
        </li>
      ))}
    </ul>
  );
}
