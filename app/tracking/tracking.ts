/**
 * Page tracking: every event is tagged with the name of the page it happened on (each page,
 * the embedded product summary included, names itself in its route handle, which ends up on
 * <html data-page-name>). The site-speed beacon delivers the events to the server with the
 * page view they happened in.
 */
import { shownPageName } from "~/shell/page-name";

export type TrackingData = Record<string, string | number | boolean>;

export interface TrackingEvent extends TrackingData {
  pageName: string;
  at: number;
}

export const TRACKING_EVENT = "seller-hub:tracking";

/** Announces a tracking event on window, for the speed beacon (site-speed-beacon.ts) to deliver. */
export function recordTracking(data: TrackingData): TrackingEvent {
  const event: TrackingEvent = { ...data, pageName: shownPageName(), at: Date.now() };
  window.dispatchEvent(new CustomEvent(TRACKING_EVENT, { detail: event }));
  return event;
}
