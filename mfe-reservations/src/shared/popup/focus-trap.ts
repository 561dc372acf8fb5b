/** Keeping Tab inside a modal dialog. */

const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog lets Tab leave the page for the browser's own controls; this keeps it in the
 * dialog, going round from the last control to the first and back.
 */
export function keepTabInside(dialog: HTMLElement, event: KeyboardEvent): void {
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
}
