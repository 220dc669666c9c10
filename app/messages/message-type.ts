/*
 * What a message is and how it closes, apart from its schema: components import these, and the
 * browser need not download the schema library to render messages the server has checked.
 */

/** docs/product/behaviour.md: what is logged, word for word, when a message model is missing or invalid. */
export const INVALID_MESSAGE_MODEL = "Invalid model for shui-messages";

export const MESSAGE_TYPES = ["alert", "success", "info", "dialog"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
/** How a message looks and how urgently it is announced; "dialog" says where it is shown. */
export type MessageTone = Exclude<MessageType, "dialog">;

/** The control with this name is the message's close cross. */
export const CLOSE_CROSS = "cross";
/** The operation a control names to close its message (a dialog's "Got it" button). */
export const CLOSE_MESSAGE_OPERATION = "closeMessage";

/** Just what the helpers read, so that the schema's refinements can use them too. */
interface Typed {
  type: MessageType | MessageType[];
}

export function typesOf(model: Typed): MessageType[] {
  return Array.isArray(model.type) ? model.type : [model.type];
}

export function isDialogMessage(model: Typed): boolean {
  return typesOf(model).includes("dialog");
}

/** The look: alert, success or info (a dialog without another type is informational). */
export function messageTone(model: Typed): MessageTone {
  return typesOf(model).find((type): type is MessageTone => type !== "dialog") ?? "info";
}
