import { data, Form, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { FeedbackLink } from "~/components/feedback-link/FeedbackLink";
import { PreviousToolLink } from "~/opt-out/components/previous-tool-link/PreviousToolLink";
import { LISTINGS_TOOL } from "~/opt-out/opt-out.server";
import { optOutViewModel } from "~/opt-out/opt-out-view-model.server";
import { answerOptOutCall, switchByForm } from "~/opt-out/switch-tools.server";
import { textOf } from "~/i18n/language.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/opt-out";
import { useSending } from "~/components/use-sending";

export const handle: PageHandle = { pageName: "sellerHubSwitchTools", title: "nav.switchTools" };

/** The dialog's JSON call is answered with a status alone; the page's form comes to the action. */
export const middleware: Route.MiddlewareFunction[] = [answerOptOutCall];

export function loader({ request, context }: Route.LoaderArgs) {
  const { seller, srt } = getSignedInSeller(context);
  return {
    model: optOutViewModel(LISTINGS_TOOL, seller, request, textOf(context)),
    srt,
    toolUrl: LISTINGS_TOOL.homeUrl,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const switched = await switchByForm(context.get(databaseContext).db, getSignedInSeller(context), request);
  return data({ switched }, { status: switched ? 200 : 403 });
}

/** The opt-out dialog as a page: where the opt-out link leads without JavaScript. */
export default function SwitchTools({ loaderData: { model, srt, toolUrl }, actionData }: Route.ComponentProps) {
  const switching = useSending();
  if (actionData?.switched) {
    return (
      <SwitchToolsView header={model.optOutSuccess.header} body={model.optOutSuccess.body}>
        <PreviousToolLink href={model.previousToolUrl}>{model.optOutSuccess.actions.primary.text}</PreviousToolLink>
        <FeedbackLink model={model.feedbackConfig} />
      </SwitchToolsView>
    );
  }
  if (actionData) {
    return (
      <SwitchToolsView header={model.optOutFailed.header} body={model.optOutFailed.body} alert>
        <Link to={toolUrl} className="button button--primary">
          {model.optOutFailed.actions.primary.text}
        </Link>
      </SwitchToolsView>
    );
  }
  return (
    <SwitchToolsView header={model.optOutInfo.header} body={model.optOutInfo.body}>
      <Form method="post" className="switch-tools__form">
        <input type="hidden" name="srt" value={srt} />
        <button type="submit" className="button button--primary" disabled={switching}>
          {model.optOutInfo.actions.primary.text}
        </button>
      </Form>
      <Link to={toolUrl} className="button">
        {model.optOutInfo.actions.secondary.text}
      </Link>
    </SwitchToolsView>
  );
}

function SwitchToolsView({
  header,
  body,
  alert,
  children,
}: {
  header: string;
  body: string;
  alert?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section className="switch-tools" aria-labelledby="switch-tools-header">
      <h2 id="switch-tools-header">{header}</h2>
      <p role={alert ? "alert" : undefined}>{body}</p>
      <div className="switch-tools__actions">{children}</div>
    </section>
  );
}
