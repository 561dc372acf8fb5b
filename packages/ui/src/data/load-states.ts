/**
 * What every machine that loads what it shows does when the load fails: it goes to `loadFailed`
 * with the failure's words in `error`, and on the screen's retry forgets them and loads again.
 * The `loading` state stays the machine's own, since what an answer changes differs from machine
 * to machine; a screen that only shows what it loads uses `useResource` (./use-resource.ts).
 *
 * Both are typed by the machine that uses them: `loadFailure<Context, Event>()`.
 */
import { assign, type ErrorActorEvent, type EventObject, type MachineContext } from 'xstate';
import { failureText } from '../api/failure-text';

/** A context that can show a failure. */
interface ShowsFailure extends MachineContext {
  error: string | null;
}

/** A load's `onError`: to `loadFailed`, with the failure's words in `error`. */
export function loadFailure<TContext extends ShowsFailure, TEvent extends EventObject>() {
  return {
    target: 'loadFailed' as const,
    actions: assign<TContext, ErrorActorEvent, undefined, TEvent, never>(
      ({ event }) => ({ error: failureText(event.error) }) as Partial<TContext>,
    ),
  };
}

/** The state a failed load waits in; the `retry` event forgets the failure and loads again. */
export function loadFailedState<TContext extends ShowsFailure, TEvent extends EventObject>(
  retry: TEvent['type'],
) {
  return {
    on: {
      [retry]: {
        target: 'loading' as const,
        actions: assign<TContext, TEvent, undefined, TEvent, never>(
          () => ({ error: null }) as Partial<TContext>,
        ),
      },
    },
  };
}
