import { useId } from "react";
import { href } from "react-router";
import { LANGUAGE_NAMES, type Language } from "../../languages";
import { useLanguageText } from "../../text";

export interface LanguageChoiceProps {
  /** The languages the seller may choose (the pseudo-languages only in development and tests). */
  offered: Language[];
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to, in the new language. */
  returnTo: string;
}

/**
 * The seller's language: a select and a button in a plain form post, so it works before and
 * without scripts, and the page comes back whole in the new language. No change on selection
 * alone: a select that moved the page as the seller browsed its options would fail WCAG 3.2.2.
 */
export function LanguageChoice({ offered, srt, returnTo }: LanguageChoiceProps) {
  const { language, text } = useLanguageText();
  const id = useId();
  return (
    <form method="post" action={href("/sh/language")} className="language-choice">
      <input type="hidden" name="srt" value={srt} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor={id} className="language-choice__label">
        {text("language.label")}
      </label>
      <select id={id} name="language" defaultValue={language} className="language-choice__select">
        {offered.map((option) => (
          // Each language named in itself, and marked so a screen reader says it in its own voice.
          <option key={option} value={option} lang={option}>
            {LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--link">
        {text("language.apply")}
      </button>
    </form>
  );
}
