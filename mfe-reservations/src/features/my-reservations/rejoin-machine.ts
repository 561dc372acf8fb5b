/**
 * "Wieder eintragen" right after "Austragen": the member who just took themselves off a booking
 * comes back to it (docs/who-plays.md: only they may). While the request runs the button waits; a
 * refusal (someone took the place meanwhile, a rule now says no) stays in view with its German text.
 * The request is an actor the view provides.
 */
import { assign, fromPromise, setup } from 'xstate';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { requestErrorText } from '../../shared/popup/request-error';

export const rejoinMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as { type: 'rejoin' } | { type: 'dismiss' },
  },
  actors: {
    rejoin: fromPromise<void>(async () => {
      throw new Error('rejoin muss mit provide() übergeben werden');
    }),
  },
  actions: {
    reportBack: () => {},
    reportDismissed: () => {},
  },
}).createMachine({
  id: 'rejoin',
  context: { error: null },
  initial: 'offered',
  states: {
    offered: { on: { rejoin: 'rejoining', dismiss: { target: 'dismissed', actions: 'reportDismissed' } } },
    rejoining: {
      tags: ['busy'],
      invoke: {
        src: 'rejoin',
        onDone: { target: 'back', actions: 'reportBack' },
        onError: {
          target: 'offered',
          actions: assign({
            error: ({ event }) => `${playerTexts.rejoinFailed} ${requestErrorText(event.error)}`,
          }),
        },
      },
    },
    back: { type: 'final' },
    dismissed: { type: 'final' },
  },
});
