import { useText } from "~/i18n/text";
import { useRef } from "react";
import type { PageMessage } from "~/messages/message-model";
import { isDialogMessage } from "~/messages/message-type";
import { Message, type CloseForm } from "./Message";

/** The id of the messages region, the target of the side area's messages link. */
export const MESSAGES_REGION_ID = "messages";

export interface PageMessagesProps {
  /** The messages that show at this load, as the server decided from the request's cookies. */
  messages: PageMessage[];
  /** The ids of those the seller has closed on this page. */
  closedIds: readonly string[];
  /** Called with a message's id when the seller closes it. */
  onClose(messageId: string): void;
  /** The id of the element that takes focus when the last message on the page is closed. */
  focusAfterLast: string;
  /** Lets the close crosses work before hydration, as form posts. */
  closeForm?: CloseForm;
}

/**
 * A page's messages: the inline ones in a "Messages" region at the top of the page, dialogs as
 * modal dialogs. Closing one moves focus to the region, or past it once it is empty.
 */
export function PageMessages({ messages, closedIds, onClose, focusAfterLast, closeForm }: PageMessagesProps) {
  const region = useRef<HTMLElement>(null);
  const text = useText();
  const inline = messages.filter(
    (message) => !isDialogMessage(message) && !closedIds.includes(message.config.messageId),
  );
  const dialogs = messages.filter(isDialogMessage);

  const closeInline = (messageId: string) => {
    onClose(messageId);
    // The cross that had focus is gone; keep the seller's place.
    const target = inline.length > 1 ? region.current : document.getElementById(focusAfterLast);
    target?.focus();
  };

  return (
    <>
      {inline.length > 0 && (
        <section
          id={MESSAGES_REGION_ID}
          ref={region}
          className="page-messages"
          aria-label={text("messages.region")}
          tabIndex={-1}
        >
          {inline.map((message) => (
            <Message
              key={message.config.messageId}
              model={message}
              shownAtLoad
              onClose={() => closeInline(message.config.messageId)}
              closeForm={closeForm}
            />
          ))}
        </section>
      )}
      {dialogs.map((message) => (
        <Message
          key={message.config.messageId}
          model={message}
          shownAtLoad
          onClose={() => onClose(message.config.messageId)}
        />
      ))}
    </>
  );
}
