import type { ReactNode } from "react";

export interface DescriptionListProps {
  /** Each term with its description, in reading order; a missing description leaves the pair out. */
  items: ReadonlyArray<readonly [term: string, description: ReactNode]>;
  /** Class of the list. */
  className?: string;
  /** Class of each term's group (a `div` around its `dt` and `dd`), for laying pairs out as cards. */
  itemClassName?: string;
}

/** Terms and their descriptions (`dl`), grouped pair by pair so that each can be styled as one. */
export function DescriptionList({ items, className, itemClassName }: DescriptionListProps) {
  return (
    <dl className={className}>
      {items
        .filter(([, description]) => description !== undefined && description !== null && description !== "")
        .map(([term, description]) => (
          <div key={term} className={itemClassName}>
            <dt>{term}</dt>
            <dd>{description}</dd>
          </div>
        ))}
    </dl>
  );
}
