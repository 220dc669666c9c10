import { data } from "react-router";
import { useText } from "~/i18n/text";
import { PageNotShown } from "~/shell/components/shell-frame/PageNotShown";
import type { PageHandle } from "~/shell/page-handle";

export const handle: PageHandle = { pageName: "sellerHubNotFound", title: "errorPage.title.notFound" };

/** An address in the hub that leads nowhere keeps the hub around it, so the seller can go on from here. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <PageNotShown reason={useText()("notFound.text")} />;
}
