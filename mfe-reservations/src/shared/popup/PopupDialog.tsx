/**
 * A real modal `<dialog>` (showModal): the rest of the page is inert, so focus stays inside;
 * Escape closes it unless a request is running; when it goes away, focus returns to the control
 * that opened it (or to `fallbackFocus` when that control is gone, e.g. a deleted entry's button).
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { keepTabInside } from './focus-trap';
import './popup.css';

interface PopupDialogProps {
  title: string;
  busy: boolean;
  onCancel: () => void;
  /** Where focus goes when the opener no longer exists. */
  fallbackFocus?: () => HTMLElement | null;
  /** `alertdialog` for a message that interrupts: screen readers read it out at once. */
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}

export function PopupDialog({ title, busy, onCancel, fallbackFocus, role, children }: PopupDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ busy, onCancel, fallbackFocus });
  useLayoutEffect(() => {
    latest.current = { busy, onCancel, fallbackFocus };
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Nothing focused (the body): an alert over a popup whose button was disabled while it sent.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      // After React has finished: the opener may have been re-rendered or removed meanwhile.
      requestAnimationFrame(() => {
        const target = opener?.isConnected ? opener : latest.current.fallbackFocus?.();
        target?.focus();
      });
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeCancel = (event: Event) => {
      // The dialog closes when the machine says so, never on its own.
      event.preventDefault();
      if (!latest.current.busy) latest.current.onCancel();
    };
    const onKeyDown = (event: KeyboardEvent) => keepTabInside(dialog, event);
    dialog.addEventListener('cancel', onNativeCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onNativeCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <dialog ref={ref} className="popup" role={role} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 className="popup__title" id={titleId}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
