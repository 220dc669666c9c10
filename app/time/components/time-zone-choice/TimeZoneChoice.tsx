import { href } from "react-router";
import { MemberChoice } from "~/components/member-choice/MemberChoice";
import { useText } from "~/i18n/text";
import type { TimeZoneOption } from "../../time-zone.server";
import type { HubTimeZone } from "../../time-zones";

export interface TimeZoneChoiceProps {
  /** The zone the seller reads times in now. */
  timeZone: HubTimeZone;
  /** The zones offered, named in the seller's language by the server (`timeZoneOptions`). */
  options: TimeZoneOption[];
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to, its times in the new zone. */
  returnTo: string;
}

/** The seller's time zone, beside their language: each zone named in the seller's language, with its city. */
export function TimeZoneChoice({ timeZone, options, srt, returnTo }: TimeZoneChoiceProps) {
  const text = useText();
  return (
    <MemberChoice
      action={href("/sh/time-zone")}
      name="timeZone"
      label={text("timeZone.label")}
      button={text("timeZone.apply")}
      value={timeZone}
      options={options}
      srt={srt}
      returnTo={returnTo}
    />
  );
}
