import { data, href, Link, redirect } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { PriceFileForm } from "~/listing-files/components/price-file-form/PriceFileForm";
import { COLUMN_HEADINGS } from "~/listing-files/listing-columns";
import { importListingFile, MAX_FILE_ROWS } from "~/listing-files/listing-import.server";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/listings-import";

export const handle: PageHandle = { pageName: "sellerHubPriceImport", title: "page.importPrices" };

export function loader({ context }: Route.LoaderArgs) {
  return { srt: getSignedInSeller(context).srt, maxRows: MAX_FILE_ROWS };
}

/** A file that can be taken becomes a preview, at its own address (303); any other outcome is said here. */
export async function action({ request, context }: Route.ActionArgs) {
  const imported = await importListingFile(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    textOf(context),
    formattingLocaleOf(context),
  );
  if (imported.outcome === "previewed")
    return redirect(href("/sh/lst/prices/:changeId", { changeId: imported.changeId }), 303);
  return data(imported, { status: imported.outcome === "refused" ? imported.status : 200 });
}

export default function ListingsImport({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  return (
    <div className="price-file">
      <p>
        <Link prefetch="intent" to={href("/sh/lst/active")}>
          {text("listingDetail.allListings")}
        </Link>
      </p>
      <h2>{text("listingFiles.import.title")}</h2>
      <p className="price-file__intro">
        {text("listingFiles.import.intro", {
          number: text(COLUMN_HEADINGS.listingNumber),
          price: text(COLUMN_HEADINGS.price),
          quantity: text(COLUMN_HEADINGS.quantity),
        })}
      </p>
      <PriceFileForm srt={loaderData.srt} maxRows={loaderData.maxRows} result={actionData} />
    </div>
  );
}
