/**
 * A confirming popup: a modal `<dialog>` with a title, the question, a confirming button and
 * "Abbrechen". The browser keeps focus inside it and closes it with Escape; focus starts on the
 * confirming button and returns to whatever opened it.
 */
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { QuestionButtons } from './row-question';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmText: string;
  /** Something is taken away (deactivate, erase): the confirming button says so in its colour. */
  destructive?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmText,
  destructive = false,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      confirmRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog confirm-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the machine decides; while the change is sent, the popup stays.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h3 id={titleId} className="confirm-dialog__title">
        {title}
      </h3>
      <p className="confirm-dialog__question">{children}</p>
      <QuestionButtons
        confirmText={confirmText}
        destructive={destructive}
        busy={busy}
        confirmRef={confirmRef}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </dialog>
  );
}
