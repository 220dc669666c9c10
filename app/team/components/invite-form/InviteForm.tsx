import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";
import { useText } from "~/i18n/text";
import type { TeamActionData } from "../../team-routes.server";

/** What each role an owner may give does, said beside it. */
const ROLE_HINTS = { manager: "team.role.manager.hint", viewer: "team.role.viewer.hint" } as const;

export interface InviteFormProps {
  /** The session's anti-forgery token. */
  srt: string;
  /** What the last post of this form came to: the link made, or the reason it was refused. */
  result?: TeamActionData;
}

/**
 * The owner's invitation: a username and a role make a single-use link, shown here once (the hub
 * keeps only its hash) for the owner to send. A plain form, with or without scripts.
 */
export function InviteForm({ srt, result }: InviteFormProps) {
  const text = useText();
  const ids = { heading: useId(), hint: useId(), usernameHint: useId(), error: useId(), created: useId() };
  const sending = useNavigation().formData?.get("intent") === "invite";
  const refused = result && !result.ok ? result.refusal : undefined;
  // Only a refusal of the username marks it: not the day's limit nor a role (an audit of 2026-11-29).
  const usernameRefused = result && !result.ok && result.field === "username";
  const invited = result?.ok && "invited" in result ? result.invited : undefined;
  // The link is what the owner came for: with scripts, it takes the focus, selected to copy.
  const link = useRef<HTMLInputElement>(null);
  const shown = invited?.link;
  useEffect(() => {
    if (shown) link.current?.focus();
  }, [shown]);
  return (
    <section className="invite-form" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{text("team.invite.heading")}</h2>
      <p id={ids.hint}>{text("team.invite.hint")}</p>
      <Form method="post" className="invite-form__form" aria-describedby={ids.hint}>
        <input type="hidden" name="srt" value={srt} />
        <input type="hidden" name="intent" value="invite" />
        {refused && (
          <p id={ids.error} className="form-error" role="alert">
            <Isolated text={refused} />
          </p>
        )}
        <label className="invite-form__field">
          <span>{text("team.invite.username")}</span>
          <input
            name="username"
            required
            minLength={3}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={usernameRefused ? `${ids.usernameHint} ${ids.error}` : ids.usernameHint}
            aria-invalid={usernameRefused || undefined}
          />
        </label>
        <p id={ids.usernameHint} className="invite-form__hint">
          {text("team.invite.usernameHint")}
        </p>
        <fieldset className="invite-form__roles">
          <legend>{text("team.invite.role")}</legend>
          {(["manager", "viewer"] as const).map((role) => (
            <label key={role} className="invite-form__role">
              <input type="radio" name="role" value={role} required defaultChecked={role === "viewer"} />
              <span>
                <strong>{text("team.role", { role })}</strong> {text(ROLE_HINTS[role])}
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
          {text("team.invite.submit")}
        </button>
      </Form>
      {invited && (
        <div className="invite-form__created">
          <p id={ids.created}>
            <output>
              <Isolated
                text={text("team.invite.created", { username: isolate(invited.username), time: invited.until })}
              />
            </output>
          </p>
          <label className="invite-form__field">
            <span>
              <Isolated text={text("team.invite.link", { username: isolate(invited.username) })} />
            </span>
            <input
              ref={link}
              readOnly
              value={invited.link}
              // Focus comes here as the link is made: the sentence above (for whom, until when) is
              // read with the field, since a status made with its text is not said by every
              // screen reader (an audit of 2026-11-29).
              aria-describedby={ids.created}
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
        </div>
      )}
    </section>
  );
}
