import { useCallback, useEffect, useRef, useState } from "react";
import { browserCookies } from "~/cookies/cookies";
import type { MessageConfig } from "~/messages/message-model";
import { closeCookie, isShownAtLoad, viewCookie, type CookieWrite, type MessageState } from "~/messages/message-state";

/**
 * The states in the browser (docs/product/behaviour.md): hidden first; shown at load when the server (or, without its
 * decision, the browser's cookies) says so, which counts one view; closed for good, for the
 * session or for one dismissal when the seller closes it.
 */
export function useMessageState(
  config: MessageConfig | undefined,
  shownAtLoad: boolean | undefined,
  onClose?: () => void,
) {
  const [state, setState] = useState<MessageState>(shownAtLoad ? "shown" : "hidden");

  // Decided once per page view: a later change to the cookies (this view's own count) must not hide it.
  const decided = useRef(shownAtLoad !== undefined);
  useEffect(() => {
    if (decided.current) return;
    decided.current = true;
    setState(isShownAtLoad(config, browserCookies.read) ? "shown" : "hidden");
  }, [config]);

  const counted = useRef(false);
  useEffect(() => {
    if (state !== "shown" || counted.current) return;
    counted.current = true;
    write(viewCookie(config, browserCookies.read));
  }, [state, config]);

  const close = useCallback(() => {
    write(closeCookie(config, browserCookies.read));
    setState("closed");
    onClose?.();
  }, [config, onClose]);

  return { state, close };
}

function write(cookie: CookieWrite | null): void {
  if (cookie) browserCookies.write(cookie.name, cookie.value, { expires: cookie.expires });
}
