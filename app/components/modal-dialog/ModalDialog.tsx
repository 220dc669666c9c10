import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode, type RefObject } from "react";

export interface ModalDialogProps {
  /** Whether the dialog is shown. */
  open: boolean;
  /** Called with false when the seller closes it: Escape, the close cross, or a click outside. */
  onOpenChange(open: boolean): void;
  /** The dialog's heading, which is also its accessible name. */
  title: ReactNode;
  /** What describes the dialog, read out when it opens (a block: it may hold paragraphs). */
  description?: ReactNode;
  /** "alertdialog" for a dialog that reports something urgent. */
  role?: "dialog" | "alertdialog";
  /** Milliseconds before focus moves into the dialog (docs/product/calls-and-limits.md: the opt-out dialog waits 10). */
  focusDelayMs?: number;
  /** What takes focus first; otherwise the first focusable element inside. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The close cross's accessible name; no cross when omitted. */
  closeLabel?: string;
  /** False while the dialog must stay (a request it started is under way): Escape, a click outside and the cross do nothing. */
  closable?: boolean;
  /** Extra class for the dialog box. */
  className?: string;
  children?: ReactNode;
}

/**
 * A modal dialog: the page behind is inert, Tab stays inside, Escape closes, and focus goes
 * back to where it was when the dialog opened (Radix UI's dialog primitive does the focus work).
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  role = "dialog",
  focusDelayMs = 0,
  initialFocus,
  closeLabel,
  closable = true,
  className,
  children,
}: ModalDialogProps) {
  // Radix returns focus only to its own trigger; these dialogs open from state, so remember the opener.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-dialog__overlay" />
        <Dialog.Content
          role={role}
          // Radix hides the page behind from assistive technology; aria-modal says so to those that ask.
          aria-modal="true"
          className={["modal-dialog", className].filter(Boolean).join(" ")}
          // Without a description, say so, rather than point at nothing.
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const content = event.currentTarget as HTMLElement;
            setTimeout(() => (initialFocus?.current ?? firstFocusable(content) ?? content).focus(), focusDelayMs);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onEscapeKeyDown={(event) => !closable && event.preventDefault()}
          onInteractOutside={(event) => !closable && event.preventDefault()}
        >
          <Dialog.Title className="modal-dialog__title">{title}</Dialog.Title>
          {description && (
            <Dialog.Description asChild>
              <div className="modal-dialog__description">{description}</div>
            </Dialog.Description>
          )}
          {children}
          {closeLabel && (
            <Dialog.Close className="modal-dialog__close" aria-label={closeLabel} disabled={!closable}>
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Lets a caller close the dialog from its own button (Cancel, Close). */
export const ModalDialogClose = Dialog.Close;

function firstFocusable(container: HTMLElement): HTMLElement | null {
  return container.querySelector<HTMLElement>(
    'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
  );
}
