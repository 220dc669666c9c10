import { useRef } from "react";
import { href, Link } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { pageUrl } from "~/http/page-url";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import { databaseContext, languageContext } from "~/request-context";
import { readSearchRange } from "~/search/results-page";
import { listingFacts, listingUrl, pagePath, RESULT_GROUPS, type SearchAnswer } from "~/search/search-results";
import { searchHub } from "~/search/search.server";
import { readSearchText, searchNotice } from "~/search/search-text";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/search";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";

export const handle: PageHandle = {
  pageName: "sellerHubSearch",
  title: "page.search",
  documentTitle: (data: SearchAnswer | undefined, text) =>
    // Not isolated: a title is plain text, and its isolate characters would go into bookmarks and
    // history, and into a search pasted from them (they are no control to leave out).
    data?.results.text ? text("page.searchFor", { text: data.results.text }) : undefined,
};

/** The results page, and what the header's popup fetches as the seller types. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<SearchAnswer> {
  const { seller, member } = getSignedInSeller(context);
  const query = pageUrl(request).searchParams;
  const { text, notices } = readSearchText(query.get("q"));
  const results = await searchHub(context.get(databaseContext), seller.id, text, {
    ...readSearchRange(query),
    cookieHeader: request.headers.get("Cookie"),
    language: context.get(languageContext),
    role: member.role,
  });
  return { results, notice: searchNotice(notices, textOf(context)), locale: formattingLocaleOf(context) };
}

export default function Search({ loaderData: { results, notice, locale } }: Route.ComponentProps) {
  const listingsList = useRef<HTMLHeadingElement>(null);
  const hubText = useText();
  const { text, listings, pages, messages } = results;
  const count = listings.titleCount ?? { total: listings.byTitle.length, isMore: false };
  const listingHits = [...listings.byNumber, ...listings.byTitle];
  const nothing = listingHits.length === 0 && pages.length === 0 && messages.length === 0;
  return (
    <div className="search-results">
      {notice && <p className="search-results__notice">{notice}</p>}
      {text === "" ? (
        <p>{hubText("search.page.empty")}</p>
      ) : nothing ? (
        <p>
          {/* What the seller typed, in its own direction (an audit of 2026-11-29). */}
          <Isolated text={hubText("search.page.nothing", { text: isolate(text) })} />
        </p>
      ) : (
        <>
          {listingHits.length > 0 && (
            <section aria-labelledby="search-listings">
              <h2 id="search-listings" ref={listingsList} tabIndex={-1}>
                {hubText(RESULT_GROUPS.listings)}
              </h2>
              {listings.product && (
                <p>
                  {richText(
                    hubText(
                      listings.byNumber.length < listings.product.total
                        ? "search.page.productSeeAll"
                        : "search.page.product",
                      { total: listings.product.total, epid: listings.product.epid },
                    ),
                    {
                      // An ePID reads left to right in every language's sentence.
                      epid: <span dir="ltr" />,
                      link: (
                        <Link
                          prefetch="intent"
                          to={`${href("/sh/lst/active")}?${new URLSearchParams({ epid: listings.product.epid })}`}
                        />
                      ),
                    },
                  )}
                </p>
              )}
              <p>
                {count.isMore ? (
                  // richText writes its runs as plain strings: an isolate would be a character in the page.
                  richText(hubText("search.page.titlesMore", { count: count.total, text }), {
                    link: (
                      <Link prefetch="intent" to={`${href("/sh/lst/active")}?${new URLSearchParams({ q: text })}`} />
                    ),
                  })
                ) : (
                  <Isolated text={hubText("search.page.titles", { count: count.total, text: isolate(text) })} />
                )}
              </p>
              <ul className="search-results__list">
                {listingHits.map((listing) => (
                  <li key={listing.id}>
                    <Link prefetch="intent" to={listingUrl(listing)}>
                      {listing.title}
                    </Link>
                    <span className="search-results__facts">{listingFacts(listing, locale, hubText)}</span>
                  </li>
                ))}
              </ul>
              <Pagination
                total={count.total}
                offset={listings.offset}
                limit={listings.limit}
                label={hubText("search.page.pagination")}
                onPageShown={() => listingsList.current?.focus()}
              />
            </section>
          )}
          <ResultLinks
            id="search-pages"
            heading={hubText(RESULT_GROUPS.pages)}
            links={pages.map((page) => ({ key: page.url, label: pagePath(page), url: page.url }))}
          />
          <ResultLinks
            id="search-messages"
            heading={hubText(RESULT_GROUPS.messages)}
            links={messages.map((message) => ({
              key: message.messageId,
              label: message.title,
              url: message.url,
              facts: hubText("search.page.messageFacts"),
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
