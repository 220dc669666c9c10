import { useCallback, useEffect, useState } from "react";
import type { Location } from "react-router";
import type { PageMessage } from "~/messages/message-model";
import { MESSAGES_REGION_ID } from "./components/page-messages/PageMessages";

/**
 * What the shell keeps of a page's messages: which ones the seller closed on this page (a new
 * page starts afresh, its messages decided again by the server), how many are still open, and
 * focus on the region when the seller follows a link to it.
 */
export function usePageMessages(messages: PageMessage[], location: Location) {
  const { pathname } = location;
  const [closed, setClosed] = useState({ pathname, ids: [] as string[] });
  const closedIds = closed.pathname === pathname ? closed.ids : [];

  const close = useCallback(
    (messageId: string) => setClosed((current) => ({ pathname, ids: [...(current.pathname === pathname ? current.ids : []), messageId] })),
    [pathname],
  );

  useEffect(() => {
    if (location.hash === `#${MESSAGES_REGION_ID}`) document.getElementById(MESSAGES_REGION_ID)?.focus();
  }, [location]);

  return { closedIds, close, openCount: messages.length - closedIds.length };
}
