import { useEffect, useState } from "react";
import { useText } from "~/i18n/text";
import { hasHydrated } from "~/shell/hydration";
import type { ShellRefusal } from "~/shell/shell-refusal";
import { PageNotShown } from "./PageNotShown";
import { ShellFrame } from "./ShellFrame";

/**
 * A page the member's role does not allow, refused inside the hub: the header says so, the page
 * says why and leads on to the overview, and the navigation is where it always is. Loaded lazily
 * by the root's error boundary (app/root.tsx).
 */
export default function RefusedPage({ refusal, title }: { refusal: ShellRefusal; title: string }) {
  const text = useText();
  useRescueFocus();
  return (
    <ShellFrame shell={refusal.shell} heading={title} documentTitle={text("pageTitle", { page: title })}>
      <PageNotShown reason={refusal.reason} />
    </ShellFrame>
  );
}

/**
 * Reached from inside the hub (a link, Back, a form sent from a tab opened before the member's role
 * changed), the refusal replaces the whole page (the root's boundary draws it), so the element that
 * had the focus is gone and the focus with it: it goes to the page's main landmark, where the
 * reason is. On a first load, before the page is hydrated, nothing had it. Decided as the refusal
 * is first drawn: development's second run of the effect comes after the page is marked hydrated.
 */
function useRescueFocus(): void {
  const [drawnAfterHydration] = useState(hasHydrated);
  useEffect(() => {
    if (!drawnAfterHydration) return;
    if (document.activeElement === null || document.activeElement === document.body)
      document.getElementById("main-content")?.focus();
  }, [drawnAfterHydration]);
}
