import type { OptOutView, OptOutViewModel } from "~/opt-out/opt-out-model";
import { FeedbackLink } from "../../../components/feedback-link/FeedbackLink";
import { ModalDialog, ModalDialogClose } from "../../../components/modal-dialog/ModalDialog";
import { PreviousToolLink } from "../previous-tool-link/PreviousToolLink";
import { useOptOut, type OptOutStep } from "./use-opt-out";

/** docs/product/calls-and-limits.md: focus moves into the opt-out dialog 10 ms after it opens. */
export const OPT_OUT_FOCUS_DELAY_MS = 10;

export interface OptOutDialogProps {
  /** The opt-out view model (docs/product/models.md). */
  model: OptOutViewModel;
  /** The session's anti-forgery token, sent with the switch. */
  srt: string;
  /** Called when the seller closes the dialog (Cancel, Close, the cross, Escape). */
  onClose(): void;
}

/** The switch-tools dialog: asks, switches, then offers the previous tool or says what went wrong. */
export default function OptOutDialog({ model, srt, onClose }: OptOutDialogProps) {
  const { step, switchTools, previousToolLink, closeButton } = useOptOut(model.optOutUrl, srt);
  const view = viewOf(model, step);
  const switching = step === "switching";
  const outcome = step === "switched" || step === "failed" || step === "unconfirmed";

  return (
    <ModalDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={view.header}
      description={view.body}
      focusDelayMs={OPT_OUT_FOCUS_DELAY_MS}
      closeLabel={model.cancelOptout.text}
      // Closing while the switch runs would let it complete unseen (decision 056).
      closable={!switching}
      className="opt-out-dialog"
    >
      <output className={switching ? "opt-out-dialog__progress" : "visually-hidden"}>
        {switching ? model.optOutSwitching.text : outcome ? `${view.header}. ${view.body}` : ""}
      </output>
      <div className="opt-out-dialog__actions">
        {(step === "asking" || switching) && (
          <>
            <button type="button" className="button button--primary" disabled={switching} onClick={switchTools}>
              {model.optOutInfo.actions.primary.text}
            </button>
            <ModalDialogClose className="button" disabled={switching}>
              {model.optOutInfo.actions.secondary.text}
            </ModalDialogClose>
          </>
        )}
        {step === "switched" && (
          <>
            <PreviousToolLink ref={previousToolLink} href={model.previousToolUrl}>
              {view.actions.primary.text}
            </PreviousToolLink>
            <FeedbackLink model={model.feedbackConfig} />
          </>
        )}
        {(step === "failed" || step === "unconfirmed") && (
          <ModalDialogClose ref={closeButton} className="button button--primary">
            {view.actions.primary.text}
          </ModalDialogClose>
        )}
      </div>
    </ModalDialog>
  );
}

function viewOf(model: OptOutViewModel, step: OptOutStep): OptOutView {
  if (step === "switched") return model.optOutSuccess;
  if (step === "failed") return model.optOutFailed;
  if (step === "unconfirmed") return model.optOutUnconfirmed;
  return model.optOutInfo;
}
