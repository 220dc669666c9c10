import { SUMMARY_ELEMENT_ID } from "../summary-dom";

/**
 * The frame's partial-page navigation: fetches the summary at `url` and puts it in place of the
 * one shown, keeping the document, its script and its window. The frame's address changes by
 * replacement, so the seller's Back button never steps through the frame's filters. When the
 * swap fails, the frame loads `url` whole instead, its fragment carrying `changeNumber` (the
 * parent's change it answers) to the new document's script. Resolves to whether the summary was
 * put in place in this document: if not, only the new document may answer the change.
 */
export async function swapSummary(window: Window, url: string, changeNumber: number): Promise<boolean> {
  const { document } = window;
  try {
    const response = await window.fetch(url, { headers: { Accept: "text/html" } });
    const next = new DOMParser().parseFromString(await response.text(), "text/html");
    const replacement = next.getElementById(SUMMARY_ELEMENT_ID);
    const current = document.getElementById(SUMMARY_ELEMENT_ID);
    if (!response.ok || !replacement || !current) throw new Error(`No product summary at ${url}`);
    current.replaceWith(document.importNode(replacement, true));
    document.title = next.title;
    window.history.replaceState(null, "", url);
    return true;
  } catch {
    // A whole document says what went wrong (a missing listing, an ended session) better than a swap could.
    const whole = `${url}#change-${changeNumber}`;
    if (isShownAddress(window.location, url)) {
      // Back to the address the frame shows (a change undone while another was awaited): a new
      // fragment alone loads nothing, and no document would answer. So the address is loaded again.
      window.history.replaceState(null, "", whole);
      window.location.reload();
    } else window.location.replace(whole);
    return false;
  }
}

/** Whether `url` is the address the frame shows, its fragment aside. */
function isShownAddress(location: Pick<Location, "pathname" | "search" | "href">, url: string): boolean {
  const target = new URL(url, location.href);
  return target.pathname === location.pathname && target.search === location.search;
}

/** The change a freshly loaded summary answers: the one its address's fragment names, else 0. */
export function changeNumberOf(location: Pick<Location, "hash">): number {
  const match = /^#change-(\d{1,10})$/.exec(location.hash);
  return match ? Number(match[1]) : 0;
}
