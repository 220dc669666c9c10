import { href, Link } from "react-router";
import { useText } from "~/i18n/text";

/**
 * What stands inside the hub where a page cannot be shown (not found, or not the member's role's
 * to see): why, and the way on to the overview, which every role reads.
 */
export function PageNotShown({ reason }: { reason: string }) {
  const text = useText();
  return (
    <section>
      <p>{reason}</p>
      <p>
        <Link prefetch="intent" to={href("/sh/ovw")}>
          {text("errorPage.goToOverview")}
        </Link>
      </p>
    </section>
  );
}
