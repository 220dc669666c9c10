/**
 * A page view as the dashboard and the summaries read it from its stored beacon: the figures
 * they sum, dated from when the page view began (docs/decisions/044, amended). The beacon was
 * validated in full when it arrived; this reads only what they use, and forgives what a later
 * rule would refuse where losing it costs less than losing the page view.
 */
import type { z } from "zod";
import { speedBeaconSchema } from "./beacon-schema";

const reportedMetrics = speedBeaconSchema
  .pick({
    pageView: true,
    kind: true,
    release: true,
    inAppNavigation: true,
    device: true,
    attribution: true,
    vitals: true,
    errors: true,
  })
  .extend({
    // Read for the server's time alone: a navigation the schema would refuse loses that, not the page view.
    navigation: speedBeaconSchema.shape.navigation.catch(undefined),
    // An age a later rule would refuse (a shorter resend window) dates the page view at its arrival.
    ageMs: speedBeaconSchema.shape.ageMs.catch(undefined),
  });

export type PageView = Omit<z.infer<typeof reportedMetrics>, "pageView" | "ageMs"> & {
  /** The browser's id of the page view: a page resent its beacon under the same one. */
  id: string;
  pageName: string;
  /** When the page view began: its beacon's arrival less its age, or the arrival where it told none. */
  beganAt: number;
};

/** A stored beacon's page view; null for one whose figures no longer parse. */
export function readPageView(row: { page_name: string; received_at: number; metrics: string }): PageView | null {
  const metrics = reportedMetrics.safeParse(parseJson(row.metrics));
  if (!metrics.success) return null;
  const { pageView, ageMs, ...figures } = metrics.data;
  return { id: pageView, pageName: row.page_name, beganAt: row.received_at - (ageMs ?? 0), ...figures };
}

/** A seller coming back to a hidden tab is the same visit to the page: its vitals count, not another view. */
export const isPageView = (view: PageView) => view.kind !== "resumed";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An element that was a page view's LCP, or the target of its INP: what "what to fix" counts. */
export interface FixOfPageView {
  vital: "LCP" | "INP";
  element: string;
  value: number;
  /** The INP's script behind it, where the browser said. */
  script: string | undefined;
}

/** A page view's LCP element and INP target, each with its vital's value: the ones it measured. */
export function fixesOf(view: PageView): FixOfPageView[] {
  const { lcpElement, inpTarget, inpScript } = view.attribution ?? {};
  const fixes: FixOfPageView[] = [];
  if (lcpElement !== undefined && view.vitals.LCP !== undefined)
    fixes.push({ vital: "LCP", element: lcpElement, value: view.vitals.LCP, script: undefined });
  if (inpTarget !== undefined && view.vitals.INP !== undefined)
    fixes.push({ vital: "INP", element: inpTarget, value: view.vitals.INP, script: inpScript });
  return fixes;
}
