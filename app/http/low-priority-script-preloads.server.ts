/**
 * A page's `<link rel="modulepreload">` elements (React Router's `<Scripts />` renders one for
 * each of the first load's scripts, and React hoists them into the head), marked
 * `fetchpriority="low"`: hydration needs them, the first paint does not. Chromium fetches a module
 * preload at high priority, and Lighthouse's simulation of a slow phone counts every
 * high-priority request that finished before the observed paint as blocking it, so it counted
 * the 16–22 scripts (about 112–125 kB brotli) into the first paint.
 *
 * React does the same with its own bootstrap modules (`createRenderState` in react-dom/server
 * preloads them with `fetchPriority: "low"`); React Router passes no priority to its links, so
 * the finished page's head is rewritten here. Measured (bench/README.md): Lighthouse's simulated
 * first contentful paint fell from 2.2–2.3 s to 0.90–1.01 s; Chromium's own cold loads on
 * emulated slow 4G, first paint and hydration, did not change beyond noise.
 */
const PRELOAD_WITHOUT_PRIORITY = /<link rel="modulepreload"(?![^>]*\bfetchpriority=)/gi;
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The page with its head's module preloads at low priority; the body (the seller's own text) is left as it is. */
export function preloadScriptsAtLowPriority(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf("</head>");
  if (headEnd === -1) return page;
  const head = page.toString("utf8", 0, headEnd);
  if (!head.includes('<link rel="modulepreload"')) return page;
  return Buffer.concat([
    Buffer.from(head.replace(PRELOAD_WITHOUT_PRIORITY, LOW_PRIORITY_PRELOAD)),
    page.subarray(headEnd),
  ]);
}
