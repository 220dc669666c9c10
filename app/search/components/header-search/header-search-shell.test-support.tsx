import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import type { SearchAnswer } from "../../search-results";
import type { HeaderSearch as HeaderSearchComponent } from "./HeaderSearch";

// The header search's tests share this shell; a file that loads HeaderSearch afresh (a mocked
// chunk) passes the component it imported.

const KINDLE = {
  id: 7,
  epid: "1200876543",
  title: "Kindle Paperwhite 16GB",
  price: 12_900,
  currency: "USD",
  status: "active",
  condition: "used",
};

/** What the search route answers for a text: the Kindle for "kin…", the site-speed page for "speed". */
function answerFor(text: string): SearchAnswer {
  const listings = text.startsWith("kin") ? [KINDLE] : [];
  const pages = "speed".startsWith(text) ? [{ label: "Site speed", url: "/sh/perf", section: "Performance" }] : [];
  return {
    results: {
      text,
      listings: { byNumber: [], byTitle: listings, titleCount: null, product: null, offset: 0, limit: 5 },
      pages,
      messages: [],
    },
    notice: null,
    locale: "en-US",
  };
}

/**
 * The header search in a shell that, like the hub's, shows the text searched on the results page,
 * with a search route that records what it was asked, answers once
 * `answerWhen(text)` settles, and records what it answered.
 */
export function renderSearchInShell(
  HeaderSearch: typeof HeaderSearchComponent,
  {
    startAt = "/sh/ovw",
    answerWhen = () => Promise.resolve(),
  }: { startAt?: string; answerWhen?: (text: string) => Promise<void> } = {},
) {
  const asked: string[] = [];
  const answered: string[] = [];
  /** Like the shell: the header stays while the page beneath it changes. */
  function Shell() {
    const location = useLocation();
    const searched =
      location.pathname === "/sh/search" ? (new URLSearchParams(location.search).get("q") ?? "") : undefined;
    return (
      <>
        <HeaderSearch searchedText={searched} />
        <output aria-label="Address">{location.pathname + location.search}</output>
        <input aria-label="Note" />
        <Outlet />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      Component: Shell,
      children: [
        { path: "/sh/ovw" },
        { path: "/sh/lst/:id" },
        { path: "/sh/perf" },
        {
          path: "/sh/search",
          loader: async ({ request }) => {
            const text = new URL(request.url).searchParams.get("q") ?? "";
            asked.push(text);
            await answerWhen(text);
            answered.push(text);
            return answerFor(text);
          },
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[startAt]} />);
  return { asked, answered, user: userEvent.setup() };
}
