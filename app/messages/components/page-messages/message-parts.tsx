import { href } from "react-router";
import { useMemo, type ReactNode } from "react";
import type { MessageControl, MessageViewModel } from "~/messages/message-model";
import { CLOSE_CROSS, CLOSE_MESSAGE_OPERATION } from "~/messages/message-type";
import { OperationsProvider, useOperations } from "../../../components/text-display/operations";
import { TextDisplay } from "../../../components/text-display/TextDisplay";

/** The close cross's name: its accessibilityText, else its text, else `close` (the page's word); none without a cross. */
export function crossLabelOf(model: MessageViewModel, close: string): string | undefined {
  const cross = model.controls?.find((control) => control.name === CLOSE_CROSS);
  return cross && (cross.accessibilityText ?? cross.text ?? close);
}

/** The page's operations, plus closeMessage for the controls of this message. */
export function MessageOperations({ close, children }: { close(): void; children: ReactNode }) {
  const operations = useOperations();
  const scoped = useMemo(() => ({ ...operations, [CLOSE_MESSAGE_OPERATION]: close }), [operations, close]);
  return <OperationsProvider operations={scoped}>{children}</OperationsProvider>;
}

/** content, a paragraph per text display model; or message, one paragraph. */
export function Paragraphs({ model }: { model: MessageViewModel }) {
  const paragraphs = model.content ?? [
    typeof model.message === "string" ? { text: model.message } : (model.message ?? { text: "" }),
  ];
  return paragraphs.map((paragraph, index) => (
    <p key={index} className="message__text">
      <TextDisplay model={paragraph} />
    </p>
  ));
}

/** The controls other than the cross: links and buttons. */
export function Controls({ controls = [] }: { controls?: MessageControl[] }) {
  const actions = controls.filter((control) => control.name !== CLOSE_CROSS);
  if (actions.length === 0) return null;
  return (
    <div className="message__controls">
      {actions.map((control) => (
        <TextDisplay key={control.name} model={control} className="message__control" />
      ))}
    </div>
  );
}

/**
 * Without JavaScript the browser cannot count a showing of a message with maxViews: an image that
 * only such a browser loads (from `<noscript>`) asks the server to count it (decision record 059).
 */
export function ViewCountedWithoutScript({
  config,
  shownAtLoad,
}: {
  config: MessageViewModel["config"];
  shownAtLoad: boolean | undefined;
}) {
  if (!shownAtLoad || config?.maxViews === undefined || !config.messageId) return null;
  return (
    <noscript>
      <img
        src={href("/sh/messages/:messageId/view", { messageId: config.messageId })}
        alt=""
        width={1}
        height={1}
        className="message__view-counter"
      />
    </noscript>
  );
}
