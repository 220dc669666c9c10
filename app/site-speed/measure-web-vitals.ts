/**
 * web-vitals' attribution build, loaded lazily by the site-speed beacon: a chunk of its own that
 * never adds to a page's first load. Each report says which page view it belongs to (the URL it
 * measured, and whether that was a client-side navigation the browser recognised as a soft
 * navigation) and what to fix: the LCP element and the INP interaction's target.
 */
import {
  onCLS,
  onFCP,
  onINP,
  onLCP,
  onTTFB,
  type INPMetricWithAttribution,
  type LCPMetricWithAttribution,
  type MetricWithAttribution,
} from "web-vitals/attribution";
import { INP_PHASES, LCP_PARTS } from "./beacon-rules";
import type { InpPhase, LcpPart } from "./site-speed-report";
import { describeScript, measuredParts } from "./vital-parts";
import type { VitalName } from "./vitals";

interface MeasuredValue {
  value: number;
  /** The URL the value belongs to; the page view shown at that URL takes it. */
  navigationURL: string | undefined;
  /** Measured from a client-side navigation rather than the document's load. */
  soft: boolean;
}

/** A value web-vitals reported, and for LCP and INP what to fix and what the value was made of. */
export type MeasuredVital = MeasuredValue &
  (
    | {
        name: "LCP";
        /** A selector for the LCP element. */
        target: string | undefined;
        /** Its four parts in whole milliseconds (LCP_PARTS, beacon-rules.ts), where web-vitals could split it. */
        parts: Partial<Record<LcpPart, number>> | undefined;
      }
    | {
        name: "INP";
        /** A selector for the interaction's target. */
        target: string | undefined;
        /** Its three phases in whole milliseconds (INP_PHASES, beacon-rules.ts), where web-vitals could split it. */
        parts: Partial<Record<InpPhase, number>> | undefined;
        /** Its longest script in a line: the file (a path for the hub's own) and function, or what invoked it. */
        script: string | undefined;
      }
    | { name: Exclude<VitalName, "LCP" | "INP"> }
  );

export function measureWebVitals(report: (vital: MeasuredVital) => void): void {
  const keep = (metric: MetricWithAttribution) => {
    const soft = metric.navigationType === "soft-navigation";
    const measured = { value: metric.value, navigationURL: metric.navigationURL, soft };
    if (metric.name === "LCP")
      report({ ...measured, name: "LCP", target: metric.attribution.target, parts: lcpPartsOf(metric, soft) });
    else if (metric.name === "INP")
      report({
        ...measured,
        name: "INP",
        target: metric.attribution.interactionTarget,
        parts: inpPhasesOf(metric),
        script: describeScript(scriptOf(metric.attribution.longestScript?.entry), location.origin),
      });
    else report({ ...measured, name: metric.name });
  };
  // reportSoftNavs: where the browser recognises client-side navigations (Chromium), each one's
  // LCP, INP and CLS are its own; elsewhere they cover the document and go to its first page view.
  for (const measure of [onLCP, onINP, onCLS, onFCP, onTTFB] as const) {
    measure(keep as (metric: MetricWithAttribution) => void, { reportAllChanges: true, reportSoftNavs: true });
  }
}

/**
 * LCP's four parts and INP's three phases, as web-vitals' attribution names them (they add up to
 * the value). None where web-vitals could not split the value and says so by a stand-in: an LCP
 * without its navigation's entry (Safari, at times) is all render delay, an INP without its event
 * entries all presentation delay. A soft navigation's LCP has no first byte of its own (its
 * responseStart is 0, as its TTFB: site-speed-beacon.ts drops that too), so that part is left out.
 */
function lcpPartsOf(metric: LCPMetricWithAttribution, soft: boolean): Partial<Record<LcpPart, number>> | undefined {
  const { navigationEntry, timeToFirstByte, resourceLoadDelay, resourceLoadDuration, elementRenderDelay } =
    metric.attribution;
  if (!navigationEntry) return undefined;
  const parts = {
    ...(!soft && { ttfb: timeToFirstByte }),
    loadDelay: resourceLoadDelay,
    loadTime: resourceLoadDuration,
    renderDelay: elementRenderDelay,
  };
  return measuredParts(parts, LCP_PARTS);
}

function inpPhasesOf(metric: INPMetricWithAttribution): Partial<Record<InpPhase, number>> | undefined {
  if (metric.entries.length === 0) return undefined;
  const { inputDelay, processingDuration, presentationDelay } = metric.attribution;
  return measuredParts({ inputDelay, processing: processingDuration, presentation: presentationDelay }, INP_PHASES);
}

/**
 * The script behind an INP, from the Long Animation Frames API (Chromium 123 on; others report
 * none): its file and function, else what invoked it ("BUTTON#apply.onclick").
 */
function scriptOf(entry: PerformanceScriptTiming | undefined): { url: string; name: string } | undefined {
  if (!entry) return undefined;
  // A whole script's invoker is its URL, query string and all: its file (shortened) says it.
  const wholeScript = entry.invokerType === "classic-script" || entry.invokerType === "module-script";
  return { url: entry.sourceURL, name: entry.sourceFunctionName || (wholeScript ? "" : entry.invoker) };
}
