/**
 * Our own alert dialog in place of the browser's `alert()`: `role="alertdialog"`, focus on its
 * button, Escape or the button closes it, and focus returns to where it was (or to
 * `fallbackFocus`). A popup shows its refusal in one over itself and stays open below it.
 */
import { PopupDialog } from '../popup/PopupDialog';
import { popupTexts } from '../popup/popup-texts';

interface AlertDialogProps {
  message: string;
  onClose: () => void;
  fallbackFocus?: () => HTMLElement | null;
}

export function AlertDialog({ message, onClose, fallbackFocus }: AlertDialogProps) {
  return (
    <PopupDialog
      role="alertdialog"
      title={popupTexts.alertTitle}
      busy={false}
      onCancel={onClose}
      fallbackFocus={fallbackFocus}
    >
      <p className="popup__note alert__message">{message}</p>
      <div className="popup__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={onClose}>
          {popupTexts.alertClose}
        </button>
      </div>
    </PopupDialog>
  );
}
