import { SUMMARY_ELEMENT_ID } from "../summary-dom";

/**
 * The frame's partial-page navigation: fetches the summary at `url` and puts it in place of the
 * one shown, keeping the document, its script and its window. The frame's address changes by
 * replacement, so the seller's Back button never steps through the frame's filters.
 */
export async function swapSummary(window: Window, url: string): Promise<void> {
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
  } catch {
    // A whole document says what went wrong (a missing listing, an ended session) better than a swap could.
    window.location.replace(url);
  }
}
