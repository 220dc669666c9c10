import { useText } from "~/i18n/text";
import { useSlowNavigation } from "./use-slow-navigation";

/**
 * A thin bar at the top of the page while a navigation takes longer than a moment, and a polite
 * "Loading…" for screen readers. Nothing shows for a navigation that ends quickly.
 */
export function NavigationProgress() {
  const slow = useSlowNavigation();
  const text = useText();
  return (
    <output className="navigation-progress">
      {slow && (
        <>
          <span className="navigation-progress__bar" aria-hidden="true" />
          <span className="visually-hidden">{text("shell.loading")}</span>
        </>
      )}
    </output>
  );
}
