import { useText } from "~/i18n/text";
import { href } from "react-router";
import { useState, type FormEvent } from "react";
import { browserCookies } from "~/cookies/cookies";
import { BROWSER_NOTICE_CLOSED_COOKIE } from "../../unsupported-browser";

export interface BrowserNoticeProps {
  /** Where focus goes once the notice is closed (it would otherwise be lost with the button). */
  focusAfterClose: string;
  /** The session's anti-forgery token and the page to come back to, for Close without JavaScript. */
  closeForm: { srt: string; returnTo: string };
}

/** The route that closes the notice when the browser cannot run the hub's scripts. */
export const BROWSER_NOTICE_CLOSE_URL = href("/sh/browser-notice/close");

/**
 * Tells a seller on a browser the hub no longer supports to update it. Close is a form: it posts
 * to the server and comes back when scripts do not run (likely, on such a browser); with scripts
 * it closes in place without a request.
 */
export function BrowserNotice({ focusAfterClose, closeForm }: BrowserNoticeProps) {
  const [open, setOpen] = useState(true);
  const text = useText();
  if (!open) return null;
  const close = (event: FormEvent) => {
    event.preventDefault();
    browserCookies.write(BROWSER_NOTICE_CLOSED_COOKIE, "1");
    setOpen(false);
    document.getElementById(focusAfterClose)?.focus();
  };
  return (
    <section className="browser-notice" aria-labelledby="browser-notice-title">
      <h2 id="browser-notice-title" className="browser-notice__title">
        {text("browserNotice.title")}
      </h2>
      <p>{text("browserNotice.text")}</p>
      <form method="post" action={BROWSER_NOTICE_CLOSE_URL} onSubmit={close}>
        <input type="hidden" name="srt" value={closeForm.srt} />
        <input type="hidden" name="returnTo" value={closeForm.returnTo} />
        <button type="submit" className="button">
          {text("browserNotice.close")}
        </button>
      </form>
    </section>
  );
}
