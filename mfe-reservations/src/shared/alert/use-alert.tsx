/**
 * Our own alert dialog in place of the browser's `alert()`: `role="alertdialog"`, focus on its
 * button, Escape or the button closes it, and focus returns to where it was. The screen renders
 * `alertDialog` and calls `showAlert` where it alerted before; the texts stay exactly as they were.
 */
import { useCallback } from 'react';
import { useMachine } from '@xstate/react';
import { PopupDialog } from '../popup/PopupDialog';
import { popupTexts } from '../popup/popup-texts';
import { alertMachine } from './alert-machine';

export function useAlert(fallbackFocus?: () => HTMLElement | null) {
  const [snapshot, send] = useMachine(alertMachine);
  const showAlert = useCallback((message: string) => send({ type: 'alert.show', message }), [send]);
  const [message] = snapshot.context.queue;
  const close = () => send({ type: 'alert.close' });
  const alertDialog =
    message === undefined ? null : (
      <PopupDialog
        // A new message is a new dialog: focus moves to it again.
        key={`${snapshot.context.queue.length}:${message}`}
        role="alertdialog"
        title={popupTexts.alertTitle}
        busy={false}
        onCancel={close}
        fallbackFocus={fallbackFocus}
      >
        <p className="popup__note alert__message">{message}</p>
        <div className="popup__actions">
          <button type="button" className="button button--primary" data-autofocus onClick={close}>
            {popupTexts.alertClose}
          </button>
        </div>
      </PopupDialog>
    );
  return { showAlert, alertDialog };
}
