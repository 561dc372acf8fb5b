/**
 * A real modal `<dialog>` (showModal): the rest of the page is inert, so focus stays inside;
 * Escape closes it unless a request is running; when it goes away, focus returns to the control
 * that opened it (or to `fallbackFocus` when that control is gone, e.g. a deleted entry's button).
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

interface PopupDialogProps {
  title: string;
  busy: boolean;
  onCancel: () => void;
  /** Where focus goes when the opener no longer exists. */
  fallbackFocus?: () => HTMLElement | null;
  children: ReactNode;
}

export function PopupDialog({ title, busy, onCancel, fallbackFocus, children }: PopupDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ busy, onCancel, fallbackFocus });
  useLayoutEffect(() => {
    latest.current = { busy, onCancel, fallbackFocus };
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
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
    // A modal dialog lets Tab leave the page for the browser's own controls; keep it in the popup.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (element) =>
          !element.matches(':disabled') &&
          element.getClientRects().length > 0 &&
          // Tab reaches a radio group only at its checked radio.
          (!element.matches('input[type="radio"]') || (element as HTMLInputElement).checked),
      );
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onNativeCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onNativeCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <dialog ref={ref} className="popup" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 className="popup__title" id={titleId}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** What every popup shows about its slot: court, day and time. */
export function SlotSummary({ items }: { items: readonly [string, string][] }) {
  return (
    <dl className="popup__summary">
      {items.map(([term, value]) => (
        <div key={term} className="popup__summary-item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface PopupActionsProps {
  busy: boolean;
  submitLabel: string;
  danger?: boolean;
  onCancel: () => void;
  autoFocusSubmit?: boolean;
  /** The main action is not available yet (e.g. nothing changed), cancel still is. */
  disabled?: boolean;
}

/** Cancel and the main action; the main action shows the spinner while the request runs. */
export function PopupActions(props: PopupActionsProps) {
  const { busy, submitLabel, danger, onCancel, autoFocusSubmit, disabled } = props;
  return (
    <div className="popup__actions">
      <button type="button" className="button" onClick={onCancel} disabled={busy}>
        Abbrechen
      </button>
      <button
        type="submit"
        className={danger ? 'button button--danger' : 'button button--primary'}
        disabled={busy || disabled}
        data-autofocus={autoFocusSubmit || undefined}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {submitLabel}
      </button>
    </div>
  );
}
