import { useId } from "react";

export interface MemberChoiceOption {
  value: string;
  label: string;
  /** The option's own language, where it is named in it (a language in itself). */
  lang?: string;
}

export interface MemberChoiceProps {
  /** Where the choice is posted: a route that stores it and leads back to `returnTo`. */
  action: string;
  /** The field the choice is sent as. */
  name: string;
  label: string;
  /** The button's words: what sending does. */
  button: string;
  /** The member's current choice. */
  value: string;
  options: readonly MemberChoiceOption[];
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to. */
  returnTo: string;
}

/**
 * One of the member's settings (language, time zone): a select and a button in a plain form post,
 * so it works before and without scripts, and the page comes back whole. No change on selection
 * alone: a select that moved the page as the member browsed its options would fail WCAG 3.2.2.
 */
export function MemberChoice({ action, name, label, button, value, options, srt, returnTo }: MemberChoiceProps) {
  const id = useId();
  return (
    <form method="post" action={action} className="member-choice">
      <input type="hidden" name="srt" value={srt} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--link">
        {button}
      </button>
    </form>
  );
}
