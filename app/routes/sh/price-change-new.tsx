import { data, Form, href, Link, redirect, useNavigation } from "react-router";
import { ChangeChoice } from "~/bulk-prices/components/change-choice/ChangeChoice";
import { choosePriceChange, loadChoice } from "~/bulk-prices/price-change-routes.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/price-change-new";

export const handle: PageHandle = { pageName: "sellerHubBulkPriceChoose", title: "Change prices" };

export function meta() {
  return [{ title: "Change prices · Seller Hub" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadChoice(context.get(databaseContext), getSignedInSeller(context));
}

/** The choice is checked and previewed; the preview has an address of its own (303, so a reload never previews twice). */
export async function action({ request, context }: Route.ActionArgs) {
  const chosen = await choosePriceChange(request, context.get(databaseContext), getSignedInSeller(context));
  if (!chosen.ok) return data(chosen, { status: chosen.status });
  return redirect(href("/sh/lst/prices/:changeId", { changeId: chosen.changeId }), 303);
}

export default function PriceChangeNew({ loaderData, actionData }: Route.ComponentProps) {
  const { count, srt, locale, currency } = loaderData;
  const previewing = useNavigation().state === "submitting";
  return (
    <div className="price-change">
      <p>
        <Link prefetch="intent" to={`${href("/sh/lst/active")}#change-prices`}>
          Back to your listings
        </Link>
      </p>
      {count === 0 ? (
        <>
          <h2>No listings selected</h2>
          <p>
            Tick the listings whose prices you want to change on{" "}
            <Link to={`${href("/sh/lst/active")}#change-prices`}>your listings page</Link>, then choose Change prices.
          </p>
        </>
      ) : (
        <>
          <h2>Change the prices of {count === 1 ? "1 listing" : `${count.toLocaleString(locale)} listings`}</h2>
          <Form method="post" className="price-change__form" noValidate>
            <input type="hidden" name="srt" value={srt} />
            <ChangeChoice
              errors={actionData?.ok === false ? actionData.errors : {}}
              values={actionData?.values}
              currency={currency}
              locale={locale}
            />
            <p className="price-change__hint">Nothing changes until you confirm the preview.</p>
            <button type="submit" className="button button--primary" disabled={previewing}>
              Preview new prices
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
