import { useText } from "~/i18n/text";
import type { MessageViewModel } from "~/messages/message-model";
import { messageTone } from "~/messages/message-type";
import { ModalDialog } from "../../../components/modal-dialog/ModalDialog";
import { Controls, crossLabelOf, MessageOperations, Paragraphs } from "./message-parts";

export interface MessageDialogProps {
  /** A message whose type is, or includes, dialog. */
  model: MessageViewModel;
  /** Whether it is open. */
  open: boolean;
  /** Called when the seller closes it: Escape, the cross, a closeMessage control or a click outside. */
  onClose(): void;
}

/** A dialog message: a modal dialog named by its title and described by its content. Loaded only when a page has one. */
export default function MessageDialog({ model, open, onClose }: MessageDialogProps) {
  const tone = messageTone(model);
  const text = useText();
  return (
    <MessageOperations close={onClose}>
      <ModalDialog
        open={open}
        onOpenChange={(stillOpen) => !stillOpen && onClose()}
        title={model.title}
        description={<Paragraphs model={model} />}
        role={tone === "alert" ? "alertdialog" : "dialog"}
        closeLabel={crossLabelOf(model, text("messages.close"))}
        className={`message-dialog message-dialog--${tone}`}
      >
        <Controls controls={model.controls} />
      </ModalDialog>
    </MessageOperations>
  );
}
