import { href } from "react-router";
import { MemberChoice } from "~/components/member-choice/MemberChoice";
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

/** The seller's language: the page comes back whole in it (a page carries one language's texts). */
export function LanguageChoice({ offered, srt, returnTo }: LanguageChoiceProps) {
  const { language, text } = useLanguageText();
  return (
    <MemberChoice
      action={href("/sh/language")}
      name="language"
      label={text("language.label")}
      button={text("language.apply")}
      value={language}
      // Each language named in itself, and marked so a screen reader says it in its own voice.
      options={offered.map((option) => ({ value: option, label: LANGUAGE_NAMES[option], lang: option }))}
      srt={srt}
      returnTo={returnTo}
    />
  );
}
