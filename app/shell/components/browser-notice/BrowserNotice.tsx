import { useState } from "react";
import { browserCookies } from "~/cookies/cookies";
import { BROWSER_NOTICE_CLOSED_COOKIE } from "../../unsupported-browser";

export interface BrowserNoticeProps {
  /** Where focus goes once the notice is closed (it would otherwise be lost with the button). */
  focusAfterClose: string;
}

/** Tells a seller on a browser the hub no longer supports to update it. */
export function BrowserNotice({ focusAfterClose }: BrowserNoticeProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  const close = () => {
    browserCookies.write(BROWSER_NOTICE_CLOSED_COOKIE, "1");
    setOpen(false);
    document.getElementById(focusAfterClose)?.focus();
  };
  return (
    <section className="browser-notice" aria-labelledby="browser-notice-title">
      <h2 id="browser-notice-title" className="browser-notice__title">
        Your browser is no longer supported
      </h2>
      <p>Seller Hub no longer supports this browser. Update your browser for a better experience.</p>
      <button type="button" className="button" onClick={close}>
        Close
      </button>
    </section>
  );
}
