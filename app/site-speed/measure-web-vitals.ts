/**
 * web-vitals' attribution build, loaded lazily by the site-speed beacon: a chunk of its own that
 * never adds to a page's first load. Each report says which page view it belongs to (the URL it
 * measured, and whether that was a client-side navigation the browser recognised as a soft
 * navigation) and what to fix: the LCP element and the INP interaction's target.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type MetricWithAttribution } from "web-vitals/attribution";
import type { VitalName } from "./vitals";

export interface MeasuredVital {
  name: VitalName;
  value: number;
  /** The URL the value belongs to; the page view shown at that URL takes it. */
  navigationURL: string | undefined;
  /** Measured from a client-side navigation rather than the document's load. */
  soft: boolean;
  /** A selector for the LCP element or the INP interaction's target. */
  target: string | undefined;
}

export function measureWebVitals(report: (vital: MeasuredVital) => void): void {
  const keep = (metric: MetricWithAttribution) =>
    report({
      name: metric.name,
      value: metric.value,
      navigationURL: metric.navigationURL,
      soft: metric.navigationType === "soft-navigation",
      target:
        metric.name === "LCP"
          ? metric.attribution.target
          : metric.name === "INP"
            ? metric.attribution.interactionTarget
            : undefined,
    });
  // reportSoftNavs: where the browser recognises client-side navigations (Chromium), each one's
  // LCP, INP and CLS are its own; elsewhere they cover the document and go to its first page view.
  for (const measure of [onLCP, onINP, onCLS, onFCP, onTTFB] as const) {
    measure(keep as (metric: MetricWithAttribution) => void, { reportAllChanges: true, reportSoftNavs: true });
  }
}
