/** Copying a link the page shows (the calendar feed's, the clubhouse screen's), one way for all. */

/**
 * The clipboard API where the page may use it (https or localhost); otherwise the old way through a
 * selection, which some browsers still allow. Rejects when neither copied the text.
 */
export async function copyToClipboard(text: string, field: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, no focus): try the selection below.
    }
  }
  field?.select();
  // execCommand is deprecated but still the only copy where the clipboard API is missing (plain http).
  if (!field || !document.execCommand('copy')) throw new Error('Kopieren nicht möglich');
}
