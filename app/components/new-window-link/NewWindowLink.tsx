import type { AnchorHTMLAttributes } from "react";

/** The shared label of every link that opens a new window or tab. */
export const OPENS_IN_NEW_WINDOW = "opens in a new window or tab";

export interface NewWindowLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> {
  /** Where the link leads. */
  href: string;
}

/** A link that opens a new tab, says so to everyone, and gives the new page no handle on this one. */
export function NewWindowLink({ children, className, ...props }: NewWindowLinkProps) {
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
      <span className="visually-hidden"> ({OPENS_IN_NEW_WINDOW})</span>
    </a>
  );
}
