/**
 * Page tracking: every event is tagged with the name of the page it happened on (each page,
 * the embedded product summary included, names itself in its route handle).
 */
export type TrackingData = Record<string, string | number | boolean>;

export interface TrackingEvent extends TrackingData {
  pageName: string;
  at: number;
}

export const TRACKING_EVENT = "seller-hub:tracking";

let currentPageName = "sellerHub";

export function setTrackedPage(pageName: string): void {
  currentPageName = pageName;
}

/** Announces a tracking event on window, for whatever collects them (the speed beacon, tests). */
export function recordTracking(data: TrackingData): TrackingEvent {
  const event: TrackingEvent = { ...data, pageName: currentPageName, at: Date.now() };
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(TRACKING_EVENT, { detail: event }));
  return event;
}
