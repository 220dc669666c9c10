import { href } from "react-router";
import { MemberChoice } from "~/components/member-choice/MemberChoice";
import { useText } from "~/i18n/text";
import { APPEARANCES, type Appearance } from "../../appearance";

export interface AppearanceChoiceProps {
  /** The appearance the seller chose, "system" until they choose. */
  appearance: Appearance;
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to, in the new appearance. */
  returnTo: string;
}

/** Light, dark, or as the seller's system says: beside their language and time zone. */
export function AppearanceChoice({ appearance, srt, returnTo }: AppearanceChoiceProps) {
  const text = useText();
  return (
    <MemberChoice
      action={href("/sh/appearance")}
      name="appearance"
      label={text("appearance.label")}
      button={text("appearance.apply")}
      value={appearance}
      options={APPEARANCES.map((option) => ({
        value: option,
        label: text("appearance.option", { appearance: option }),
      }))}
      srt={srt}
      returnTo={returnTo}
    />
  );
}
