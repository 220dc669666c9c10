import { useText } from "~/i18n/text";
import type { AnchorHTMLAttributes } from "react";

export interface NewWindowLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  /** Where the link leads. */
  href: string;
}

/** A link that opens a new tab, says so to everyone, and gives the new page no handle on this one. */
export function NewWindowLink({ children, className, ...props }: NewWindowLinkProps) {
  const text = useText();
  return (
    <a
      {...props}
      className={["new-window-link", className].filter(Boolean).join(" ")}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      <span className="new-window-link__icon" aria-hidden="true">
        ↗
      </span>
      <span className="visually-hidden"> ({text("newWindow.opens")})</span>
    </a>
  );
}
