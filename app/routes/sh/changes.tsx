import { href, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { LastPriceChange } from "~/listing-changes/components/last-price-change/LastPriceChange";
import { PriceChangesTable } from "~/listing-changes/components/price-changes-table/PriceChangesTable";
import { findLastPriceChange, findPriceChanges } from "~/listing-changes/price-changes.server";
import { readPageOffset, shownPageOffset } from "~/http/page-offset";
import { pageUrl } from "~/http/page-url";
import { useText } from "~/i18n/text";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/changes";
import { useMay } from "~/team/member-permissions";
import { formattingLocaleOf } from "~/i18n/language.server";

export const handle: PageHandle = { pageName: "sellerHubChanges", title: "page.changes" };

const CHANGES_PER_PAGE = 20;

/** The seller's price changes, a page of them, and the last one with its undo while it lasts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller, srt } = getSignedInSeller(context);
  const { db } = context.get(databaseContext);
  const asked = readPageOffset(pageUrl(request).searchParams);
  const [first, last] = await Promise.all([
    findPriceChanges(db, seller.id, { offset: asked, limit: CHANGES_PER_PAGE }),
    findLastPriceChange(db, seller.id),
  ]);
  // Past the end (a link kept while previews expired): the last page.
  const offset = shownPageOffset(asked, first.total, CHANGES_PER_PAGE);
  const page = offset === asked ? first : await findPriceChanges(db, seller.id, { offset, limit: CHANGES_PER_PAGE });
  return { ...page, offset, limit: CHANGES_PER_PAGE, last, srt, locale: formattingLocaleOf(context) };
}

export default function Changes({ loaderData }: Route.ComponentProps) {
  const { changes, total, offset, limit, last, srt, locale } = loaderData;
  const text = useText();
  const may = useMay();
  return (
    <div className="changes-page">
      <p>
        <Link prefetch="intent" to={href("/sh/lst/active")}>
          {text("listingDetail.allListings")}
        </Link>
      </p>
      {last && may("listings:change") && <LastPriceChange change={last} srt={srt} locale={locale} />}
      {total === 0 ? (
        <p>{text("changes.none")}</p>
      ) : (
        <>
          <PriceChangesTable changes={changes} locale={locale} />
          <Pagination total={total} offset={offset} limit={limit} label={text("changes.pagination")} />
        </>
      )}
    </div>
  );
}
