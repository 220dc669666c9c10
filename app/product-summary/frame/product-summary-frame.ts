/**
 * The embedded product summary's whole script: a standalone entry of the client build, without
 * React (vite-plugins/standalone-scripts.ts; decision record 030).
 */
import { refilter } from "~/refiltering/refilter";
import { startSiteSpeedBeacon } from "~/site-speed/site-speed-beacon";
import { conditionChangeQuery } from "../summary-filters";
import { detailUrlOf, SUMMARY_ELEMENT_ID } from "../summary-dom";
import { mountProductSummary } from "./mount-product-summary";
import { changeNumberOf, swapSummary } from "./swap-summary";

function show(changeNumber: number): void {
  mountProductSummary({ window, parent: window.parent, changeNumber }, async (change) => {
    const answering = change.changeNumber ?? 0;
    // Set by the navigation, which refilter always makes.
    let inPlace = true;
    await refilter(window.location, conditionChangeQuery(change), {
      src: "conditionChange",
      navigate: async (url) => {
        inPlace = await swapSummary(window, url, answering);
      },
    });
    // A summary loaded whole answers from its own document. This one, about to be replaced, must
    // not answer for it: when that load fails too (the network gone) the page took the old
    // summary's report for the answer and never said the change had failed (an end-to-end run
    // under two workers saw no message in 15 s, the report coming before the error page replaced it).
    if (inPlace) show(answering);
  });
}

const summary = document.getElementById(SUMMARY_ELEMENT_ID);
const detailUrl = summary && detailUrlOf(summary);
if (window.top === window && detailUrl) {
  // Opened on its own, outside the listing detail page: go there instead.
  window.location.replace(detailUrl);
} else {
  // The frame is a page of its own: its speed, script errors and tracking go under its own name.
  startSiteSpeedBeacon();
  show(changeNumberOf(window.location));
}
