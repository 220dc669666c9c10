import { data, href, Link } from "react-router";
import type { PageHandle } from "~/shell/page-handle";

export const handle: PageHandle = { pageName: "sellerHubNotFound", title: "Page not found" };

export function meta() {
  return [{ title: "Page not found · Seller Hub" }];
}

/** An address in the hub that leads nowhere keeps the hub around it, so the seller can go on from here. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="not-found">
      <p>There is nothing at this address. It may have moved, or the link that led here may be out of date.</p>
      <p>
        <Link prefetch="intent" to={href("/sh/ovw")}>
          Go to the overview
        </Link>
      </p>
    </section>
  );
}
