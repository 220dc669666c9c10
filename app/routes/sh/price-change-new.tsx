import { data, Form, href, Link, redirect } from "react-router";
import { ChangeChoice } from "~/listing-changes/components/change-choice/ChangeChoice";
import { choosePriceChange, loadChoice } from "~/listing-changes/price-change-routes.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import type { Route } from "./+types/price-change-new";
import { useSending } from "~/components/use-sending";

export const handle: PageHandle = { pageName: "sellerHubBulkPriceChoose", title: "page.changePrices" };

export async function loader({ context }: Route.LoaderArgs) {
  return loadChoice(context.get(databaseContext), getSignedInSeller(context), formattingLocaleOf(context));
}

/** The choice is checked and previewed; the preview has an address of its own (303, so a reload never previews twice). */
export async function action({ request, context }: Route.ActionArgs) {
  const chosen = await choosePriceChange(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    textOf(context),
    formattingLocaleOf(context),
  );
  if (!chosen.ok) return data(chosen, { status: chosen.status });
  return redirect(href("/sh/lst/prices/:changeId", { changeId: chosen.changeId }), 303);
}

export default function PriceChangeNew({ loaderData, actionData }: Route.ComponentProps) {
  const { count, srt, locale, currency } = loaderData;
  const previewing = useSending();
  const text = useText();
  return (
    <div className="price-change">
      <p>
        <Link prefetch="intent" to={`${href("/sh/lst/active")}#change-prices`}>
          {text("bulk.back")}
        </Link>
      </p>
      {count === 0 ? (
        <>
          <h2>{text("bulk.new.none")}</h2>
          <p>
            {richText(text("bulk.new.howToSelect"), {
              link: <Link to={`${href("/sh/lst/active")}#change-prices`} />,
            })}
          </p>
        </>
      ) : (
        <>
          <h2>{text("bulk.new.heading", { count, countText: count.toLocaleString(locale) })}</h2>
          <Form method="post" className="price-change__form" noValidate>
            <input type="hidden" name="srt" value={srt} />
            <ChangeChoice
              errors={actionData?.ok === false ? actionData.errors : {}}
              values={actionData?.values}
              currency={currency}
              locale={locale}
            />
            <p className="price-change__hint">{text("bulk.new.nothingYet")}</p>
            <button type="submit" className="button button--primary" disabled={previewing}>
              {text("bulk.new.preview")}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
