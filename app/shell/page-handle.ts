import { useMatches } from "react-router";
import { DEFAULT_PAGE_NAME } from "./page-name";

/** Every page names itself: the name tags its tracking and its speed beacons; the title heads it. */
export interface PageHandle {
  pageName: string;
  title?: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as PageHandle).pageName === "string";
}

/** The handle of the deepest route that has one: the page being shown. */
export function usePageHandle(): PageHandle {
  const handles = useMatches()
    .map((match) => match.handle)
    .filter(isPageHandle);
  return handles.at(-1) ?? { pageName: DEFAULT_PAGE_NAME };
}
