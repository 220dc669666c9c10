import { href } from "react-router";
import { MemberChoice } from "~/components/member-choice/MemberChoice";
import { useLanguageText } from "~/i18n/text";
import { HUB_TIME_ZONES, timeZoneLabel, type HubTimeZone } from "../../time-zones";

export interface TimeZoneChoiceProps {
  /** The zone the seller reads times in now. */
  timeZone: HubTimeZone;
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to, its times in the new zone. */
  returnTo: string;
}

/** The seller's time zone, beside their language: each zone named in the seller's language, with its city. */
export function TimeZoneChoice({ timeZone, srt, returnTo }: TimeZoneChoiceProps) {
  const { language, text } = useLanguageText();
  return (
    <MemberChoice
      action={href("/sh/time-zone")}
      name="timeZone"
      label={text("timeZone.label")}
      button={text("timeZone.apply")}
      value={timeZone}
      options={HUB_TIME_ZONES.map((zone) => ({ value: zone, label: timeZoneLabel(zone, language) }))}
      srt={srt}
      returnTo={returnTo}
    />
  );
}
