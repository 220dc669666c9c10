import { lazy, Suspense, useId, type FormEvent, type KeyboardEvent } from "react";
import type { MessageKey } from "~/i18n/language-text";
import { useText } from "~/i18n/text";
import type { MessageViewModel } from "~/messages/message-model";
import { INVALID_MESSAGE_MODEL, isDialogMessage, messageTone, type MessageTone } from "~/messages/message-type";
import { widgetIdOf } from "~/widgets/widget-id";
import { isEscape } from "../../../components/keyboard";
import { Controls, crossLabelOf, MessageOperations, Paragraphs, ViewCountedWithoutScript } from "./message-parts";
import { useMessageState } from "./use-message-state";

// Most pages have no dialog message: the dialog's code loads only when one is shown.
const MessageDialog = lazy(() => import("./MessageDialog"));

/** Where the close cross posts when it is pressed before hydration or without JavaScript. */
export interface CloseForm {
  /** The route that closes a message on the server. */
  action: string;
  /** The session's anti-forgery token. */
  srt: string;
  /** The page to come back to. */
  returnTo: string;
}

export interface MessageProps {
  /** The message view model (docs/product/models.md), checked against its schema by the server; a missing one logs "Invalid model for shui-messages" and renders nothing. */
  model: MessageViewModel | null | undefined;
  /** Whether it shows at this load, as the server decided from the request's cookies; omitted, the browser decides after hydration. */
  shownAtLoad?: boolean;
  /** Called after the seller closes it. */
  onClose?(): void;
  /** Lets the close cross of a message with an id work before hydration, as a form post. */
  closeForm?: CloseForm;
}

/** A dismissible message: inline (alert, success, info) or a modal dialog. */
export function Message({ model, ...props }: MessageProps) {
  if (!model || typeof model !== "object") {
    console.error(INVALID_MESSAGE_MODEL);
    return null;
  }
  // A message is a widget: an id key with an empty id is a broken model (docs/product/behaviour.md).
  if (model.config && "messageId" in model.config) widgetIdOf({ id: model.config.messageId });
  return <ShownMessage model={model} {...props} />;
}

/** Each tone's role, the word a screen reader says before the message, and its icon. */
const TONES: Record<MessageTone, { role: "alert" | "status" | "note"; word: MessageKey; icon: string }> = {
  alert: { role: "alert", word: "messages.tone.alert", icon: "!" },
  success: { role: "status", word: "messages.tone.success", icon: "✓" },
  info: { role: "note", word: "messages.tone.info", icon: "i" },
};

function ShownMessage({ model, shownAtLoad, onClose, closeForm }: MessageProps & { model: MessageViewModel }) {
  const { state, close } = useMessageState(model.config, shownAtLoad, onClose);
  const titleId = useId();
  const text = useText();

  if (isDialogMessage(model)) {
    if (state === "hidden") return null;
    return (
      <Suspense fallback={null}>
        <MessageDialog model={model} open={state === "shown"} onClose={close} />
      </Suspense>
    );
  }

  if (state !== "shown") return null;
  const { role, word, icon } = TONES[messageTone(model)];
  const crossLabel = crossLabelOf(model, text("messages.close"));
  // docs/product/calls-and-limits.md: Escape closes messages; here, a dismissible one the seller is in.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (!isEscape(event) || !crossLabel) return;
    event.preventDefault();
    close();
  };
  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- it has a role (alert, status or note, chosen at run time) and only hears Escape from the links and buttons inside it
    <div
      className={`message message--${messageTone(model)}`}
      role={role}
      onKeyDown={closeOnEscape}
      aria-labelledby={model.title ? titleId : undefined}
      data-message-id={model.config?.messageId}
      data-message-type={model.messageType}
    >
      <span className="message__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="message__body">
        <span className="visually-hidden">{text(word)}: </span>
        {model.title && (
          <h2 id={titleId} className="message__title">
            {model.title}
          </h2>
        )}
        <MessageOperations close={close}>
          <Paragraphs model={model} />
          <Controls controls={model.controls} />
        </MessageOperations>
      </div>
      {crossLabel && (
        <CloseCross label={crossLabel} onClose={close} messageId={model.config?.messageId} form={closeForm} />
      )}
      <ViewCountedWithoutScript config={model.config} shownAtLoad={shownAtLoad} />
    </div>
  );
}

/** The close cross: a form post before hydration (when the message has an id to remember), a button after. */
function CloseCross({
  label,
  onClose,
  messageId,
  form,
}: {
  label: string;
  onClose(): void;
  messageId?: string;
  form?: CloseForm;
}) {
  const posts = form !== undefined && messageId !== undefined;
  const button = (
    <button
      type={posts ? "submit" : "button"}
      className="message__close"
      aria-label={label}
      onClick={posts ? undefined : onClose}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
  if (!posts) return button;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onClose();
  };
  return (
    <form method="post" action={form.action} className="message__close-form" onSubmit={submit}>
      <input type="hidden" name="srt" value={form.srt} />
      <input type="hidden" name="messageId" value={messageId} />
      <input type="hidden" name="returnTo" value={form.returnTo} />
      {button}
    </form>
  );
}
