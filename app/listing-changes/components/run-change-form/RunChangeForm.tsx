import { useText } from "~/i18n/text";
import type { ReactNode } from "react";
import { href } from "react-router";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { useRunPriceChange } from "../../use-run-price-change";

export interface RunChangeFormProps {
  /** The apply or undo address (a POST). */
  action: string;
  srt: string;
  /** The button's text, e.g. "Apply new prices to 48 listings". */
  children: ReactNode;
  /** "Applying new prices" or "Restoring the values before": the progress bar's name. */
  progressLabel: string;
  locale: string;
  primary?: boolean;
}

/**
 * A form that applies or undoes a change. Without JavaScript it is a plain POST; with it, the
 * progress of a large change shows as a progress bar while the seller waits, and a refusal or a
 * lost connection is said in an alert beside the button, which stays to try again.
 */
export function RunChangeForm({ action, srt, children, progressLabel, locale, primary = false }: RunChangeFormProps) {
  const { state, onSubmit } = useRunPriceChange();
  const number = (value: number) => value.toLocaleString(locale);
  const text = useText();
  return (
    <form method="post" action={action} onSubmit={onSubmit} className="run-change-form">
      <input type="hidden" name="srt" value={srt} />
      <button
        type="submit"
        className={`button${primary ? " button--primary" : ""}`}
        aria-disabled={state.status === "running" || undefined}
      >
        {children}
      </button>
      {/*
        Said once as it starts; the outcome is said by the page that follows, where focus goes.
        Always in the page, empty until then: a live region made with its text is not announced
        by every screen reader (an audit of 2026-11-29).
      */}
      <output className="visually-hidden">
        {state.status === "running" ? text("bulk.run.said", { label: progressLabel }) : ""}
      </output>
      {state.status === "running" && (
        <div className="run-change-form__progress">
          <label>
            {state.total === 0
              ? text("bulk.run.starting", { label: progressLabel })
              : text("bulk.run.progress", {
                  label: progressLabel,
                  done: number(state.done),
                  total: number(state.total),
                })}
            <progress value={state.total === 0 ? undefined : state.done} max={state.total || undefined} />
          </label>
        </div>
      )}
      {state.status === "refused" && (
        <p className="form-error" role="alert">
          {state.reason}
        </p>
      )}
    </form>
  );
}

/**
 * The undo of a change, with how long it lasts: on the change's page and, for the last change, on
 * the listings page.
 */
export function UndoChangeForm({
  changeId,
  undoableUntil,
  srt,
  locale,
  className,
}: {
  changeId: string;
  undoableUntil: number;
  srt: string;
  locale: string;
  className: string;
}) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  return (
    <div className={className}>
      <RunChangeForm
        action={href("/sh/lst/prices/:changeId/undo", { changeId })}
        srt={srt}
        progressLabel={text("bulk.undo.restoring")}
        locale={locale}
      >
        {text("bulk.undo.button")}
      </RunChangeForm>
      <p className="price-change__hint">
        {text("bulk.undo.until", { time: formatTime(undoableUntil, locale, timeZone) })}
      </p>
    </div>
  );
}
