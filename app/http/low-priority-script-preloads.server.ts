/**
 * A page's `<link rel="modulepreload">` elements (React Router's `<Scripts />` renders one for
 * each of the first load's scripts, and React hoists them into the head), marked
 * `fetchpriority="low"`. Chromium otherwise fetches them at high priority beside the style sheet
 * and the document: on a slow connection the page's first paint, which needs only those two,
 * shared the bandwidth with 16–22 scripts (about 112–125 kB brotli) that only hydration needs.
 *
 * React does the same with its own bootstrap modules (`createRenderState` in react-dom/server
 * preloads them with `fetchPriority: "low"`); React Router passes no priority to its links, so
 * the finished page's head is rewritten here. Measured on Chromium's emulated slow 4G, cold
 * loads, medians of seven (bench/README.md): first paint and hydration both came sooner, and
 * Lighthouse's simulated first contentful paint fell from 2.2–2.3 s to 0.9 s.
 */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The page with its head's module preloads at low priority; the body (the seller's own text) is left as it is. */
export function preloadScriptsAtLowPriority(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf("</head>");
  if (headEnd === -1) return page;
  const head = page.toString("utf8", 0, headEnd);
  if (!head.includes(PRELOAD)) return page;
  return Buffer.concat([Buffer.from(head.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)), page.subarray(headEnd)]);
}
