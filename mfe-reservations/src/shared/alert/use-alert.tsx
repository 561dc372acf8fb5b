/**
 * Our own alert dialog in place of the browser's `alert()` for a screen: the screen renders
 * `alertDialog` and calls `showAlert` where it alerted before; the texts stay exactly as they were,
 * shown one at a time in the order they came.
 */
import { useCallback } from 'react';
import { useMachine } from '@xstate/react';
import { AlertDialog } from './AlertDialog';
import { alertMachine } from './alert-machine';

export function useAlert(fallbackFocus?: () => HTMLElement | null) {
  const [snapshot, send] = useMachine(alertMachine);
  const showAlert = useCallback((message: string) => send({ type: 'alert.show', message }), [send]);
  const [message] = snapshot.context.queue;
  const alertDialog =
    message === undefined ? null : (
      <AlertDialog
        // A new message is a new dialog: focus moves to it again.
        key={`${snapshot.context.queue.length}:${message}`}
        message={message}
        onClose={() => send({ type: 'alert.close' })}
        fallbackFocus={fallbackFocus}
      />
    );
  return { showAlert, alertDialog };
}
