import { useRef } from "react";
import { href, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { pageUrl } from "~/http/page-url";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { databaseContext } from "~/request-context";
import { readSearchRange } from "~/search/results-page";
import { listingFacts, listingUrl, pagePath, titleCount, type SearchAnswer } from "~/search/search-results";
import { searchHub } from "~/search/search.server";
import { readSearchText } from "~/search/search-text";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/search";

export const handle: PageHandle = { pageName: "sellerHubSearch", title: "Search" };

export function meta({ loaderData }: Route.MetaArgs) {
  const text = loaderData?.results.text;
  return [{ title: text ? `“${text}” · Search · Seller Hub` : "Search · Seller Hub" }];
}

/** The results page, and what the header's popup fetches as the seller types. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<SearchAnswer> {
  const { seller } = getSignedInSeller(context);
  const query = pageUrl(request).searchParams;
  const { text, notice } = readSearchText(query.get("q"));
  const results = await searchHub(context.get(databaseContext), seller.id, text, {
    ...readSearchRange(query),
    cookieHeader: request.headers.get("Cookie"),
  });
  return { results, notice, locale: seller.locale };
}

export default function Search({ loaderData: { results, notice, locale } }: Route.ComponentProps) {
  const listingsList = useRef<HTMLHeadingElement>(null);
  const { text, listings, pages, messages } = results;
  const count = listings.titleCount ?? { total: listings.byTitle.length, isMore: false };
  const listingHits = [...listings.byNumber, ...listings.byTitle];
  const nothing = listingHits.length === 0 && pages.length === 0 && messages.length === 0;
  return (
    <div className="search-results">
      {notice && <p className="search-results__notice">{notice}</p>}
      {text === "" ? (
        <p>Type a listing’s title, number or ePID, a page’s name or a message’s title into the search field.</p>
      ) : nothing ? (
        <p>Nothing matches “{text}”. Try fewer or other words, a listing number or an ePID.</p>
      ) : (
        <>
          {listingHits.length > 0 && (
            <section aria-labelledby="search-listings">
              <h2 id="search-listings" ref={listingsList} tabIndex={-1}>
                Listings
              </h2>
              {listings.product && (
                <p>
                  {listings.product.total === 1
                    ? "1 listing is"
                    : `${listings.product.total.toLocaleString(locale)} listings are`}{" "}
                  of the product <span dir="ltr">ePID {listings.product.epid}</span>
                  {listings.byNumber.length < listings.product.total && (
                    <>
                      :{" "}
                      <Link
                        prefetch="intent"
                        to={`${href("/sh/lst/active")}?${new URLSearchParams({ epid: listings.product.epid })}`}
                      >
                        see all {listings.product.total.toLocaleString(locale)} on the listings page
                      </Link>
                    </>
                  )}
                  .
                </p>
              )}
              <p>
                {titleCount(count, locale)}{" "}
                {count.total === 1 && !count.isMore ? "listing’s title holds" : "listings’ titles hold"} “{text}”.{" "}
                {count.isMore && (
                  <>
                    Narrow them down on the{" "}
                    <Link prefetch="intent" to={`${href("/sh/lst/active")}?${new URLSearchParams({ q: text })}`}>
                      listings page
                    </Link>
                    .
                  </>
                )}
              </p>
              <ul className="search-results__list">
                {listingHits.map((listing) => (
                  <li key={listing.id}>
                    <Link prefetch="intent" to={listingUrl(listing)}>
                      {listing.title}
                    </Link>
                    <span className="search-results__facts">{listingFacts(listing, locale)}</span>
                  </li>
                ))}
              </ul>
              <Pagination
                total={count.total}
                offset={listings.offset}
                limit={listings.limit}
                label="Pages of listings found"
                onPageShown={() => listingsList.current?.focus()}
              />
            </section>
          )}
          <ResultLinks
            id="search-pages"
            heading="Pages"
            links={pages.map((page) => ({ key: page.url, label: pagePath(page), url: page.url }))}
          />
          <ResultLinks
            id="search-messages"
            heading="Messages"
            links={messages.map((message) => ({
              key: message.messageId,
              label: message.title,
              url: message.url,
              facts: "Shown on the overview",
            }))}
          />
        </>
      )}
    </div>
  );
}

/** A group of results as a section of links, when there are any. */
function ResultLinks({
  id,
  heading,
  links,
}: {
  id: string;
  heading: string;
  links: Array<{ key: string; label: string; url: string; facts?: string }>;
}) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <ul className="search-results__list">
        {links.map((link) => (
          <li key={link.key}>
            <Link prefetch="intent" to={link.url}>
              {link.label}
            </Link>
            {link.facts && <span className="search-results__facts">{link.facts}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
