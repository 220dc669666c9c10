import type { MouseEvent, ReactNode, Ref } from "react";
import { isPlainClick } from "../../../components/plain-click";

export interface PreviousToolLinkProps {
  /** The previous tool's page (the opt-out view model's previousToolUrl). */
  href: string;
  /** Lets the dialog move focus here when the switch succeeds. */
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
}

/**
 * The way to the previous tool after switching. It replaces the current history entry
 * (docs/product/behaviour.md), so Back does not return to the tool the seller just left; a plain link without JavaScript.
 */
export function PreviousToolLink({ href, ref, children }: PreviousToolLinkProps) {
  const replace = (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    window.location.replace(href);
  };
  return (
    <a ref={ref} href={href} className="button button--primary" onClick={replace}>
      {children}
    </a>
  );
}
