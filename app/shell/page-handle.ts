import { useMatches } from "react-router";
import type { MessageKey, Text } from "~/i18n/language-text";
import { DEFAULT_PAGE_NAME } from "./page-name";

/** Every page names itself: the name tags its tracking and its speed beacons; the title heads it. */
export interface PageHandle {
  pageName: string;
  /** The page's heading (the header's h1), and its document title unless `documentTitle` says more. */
  title?: MessageKey;
  /** A document title that names what the page shows (a listing's title), from the page's data. */
  documentTitle?: (data: never, text: Text) => string | undefined;
  /** A page of wide tables: on a wide screen it takes the side area's column, the side area under it. */
  wide?: true;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as PageHandle).pageName === "string";
}

/** The handle of the deepest route that has one, the page being shown, with that route's data. */
export function usePageHandle(): PageHandle & { data: unknown } {
  const match = useMatches()
    .filter((candidate) => isPageHandle(candidate.handle))
    .at(-1);
  return match
    ? { ...(match.handle as PageHandle), data: match.loaderData }
    : { pageName: DEFAULT_PAGE_NAME, data: undefined };
}

/** The page's heading and document title, in the seller's language. */
export function usePageTitles(text: Text): { heading: string; documentTitle: string } {
  const { title, documentTitle, data } = usePageHandle();
  const heading = title ? text(title) : text("hub.name");
  const page =
    (documentTitle as ((data: unknown, text: Text) => string | undefined) | undefined)?.(data, text) ?? heading;
  return { heading, documentTitle: title || documentTitle ? text("pageTitle", { page }) : text("hub.name") };
}
