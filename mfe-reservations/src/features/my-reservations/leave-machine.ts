/**
 * "Austragen": a named co-player takes themselves off a booking. One question first, then the
 * request; while it runs the buttons wait; a refusal stays in view with its German text, and the
 * question is asked again. The request is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { requestErrorText } from '../../shared/popup/request-error';

export const leaveMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'ask' } | { type: 'confirm' } | { type: 'cancel' },
  },
  actors: {
    leave: fromPromise<void>(async () => {
      throw new Error('leave muss mit provide() übergeben werden');
    }),
  },
  actions: {
    reportLeft: () => {},
  },
}).createMachine({
  id: 'leave',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { ask: { target: 'confirming', actions: assign({ error: null }) } } },
    confirming: {
      on: {
        confirm: 'leaving',
        cancel: { target: 'idle', actions: assign({ error: null }) },
      },
    },
    leaving: {
      tags: ['busy'],
      invoke: {
        src: 'leave',
        onDone: { target: 'left', actions: 'reportLeft' },
        onError: {
          target: 'confirming',
          actions: assign({
            error: ({ event }) => `${playerTexts.leaveFailed} ${requestErrorText(event.error)}`,
          }),
        },
      },
    },
    left: { type: 'final' },
  },
});
