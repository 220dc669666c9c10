import { data, href, Link } from "react-router";
import { useText } from "~/i18n/text";
import type { PageHandle } from "~/shell/page-handle";

export const handle: PageHandle = { pageName: "sellerHubNotFound", title: "errorPage.title.notFound" };

/** An address in the hub that leads nowhere keeps the hub around it, so the seller can go on from here. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const text = useText();
  return (
    <section className="not-found">
      <p>{text("notFound.text")}</p>
      <p>
        <Link prefetch="intent" to={href("/sh/ovw")}>
          {text("errorPage.goToOverview")}
        </Link>
      </p>
    </section>
  );
}
