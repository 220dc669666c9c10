import { useCallback, useEffect, useState } from "react";
import type { Location } from "react-router";
import type { PageMessage } from "~/messages/message-model";
import { MESSAGES_REGION_ID } from "./components/page-messages/PageMessages";

interface PageVisit {
  pathname: string;
  /** The messages the server decided for this visit's first load. */
  messages: PageMessage[];
  /** The ones the seller closed since. */
  closedIds: string[];
}

/**
 * What the shell keeps of a page's messages for one page visit (a move to another pathname):
 * the messages decided at its first load, which the seller closed, how many are still open, and
 * focus on the region when the seller follows a link to it.
 *
 * The shell's data reloads within a visit — a filter or a page of listings, a closed message —
 * and each reload decides the messages again from cookies that now hold this visit's own view
 * and close. Taking that decision would hide a message on its last allowed view, and count a
 * closed message off twice; a view is a page visit, not a data reload (decision 057).
 */
export function usePageMessages(messages: PageMessage[], location: Location) {
  const { pathname } = location;
  const [visit, setVisit] = useState<PageVisit>({ pathname, messages, closedIds: [] });
  // A new visit starts afresh; React's way to reset state when a value changes (no effect, no flash).
  const current = visit.pathname === pathname ? visit : { pathname, messages, closedIds: [] };
  if (current !== visit) setVisit(current);

  const close = useCallback(
    (messageId: string) =>
      setVisit((shown) =>
        shown.pathname === pathname ? { ...shown, closedIds: [...shown.closedIds, messageId] } : shown,
      ),
    [pathname],
  );

  useEffect(() => {
    if (location.hash === `#${MESSAGES_REGION_ID}`) document.getElementById(MESSAGES_REGION_ID)?.focus();
  }, [location]);

  return {
    messages: current.messages,
    closedIds: current.closedIds,
    close,
    openCount: current.messages.length - current.closedIds.length,
  };
}
