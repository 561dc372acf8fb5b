/**
 * The account panel's address: whether it is confirmed, sending the link again, and the new
 * address a change waits for. A request while one runs is not sent twice; a refusal (the limit) is
 * shown and the button stays. A change asked for in the panel's form answers the new state, which
 * replaces the loaded one (`state.changed`), so the panel shows the waiting address at once.
 */
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';

export interface EmailState {
  email: string;
  confirmed: boolean;
  /** The new address an address change waits to be confirmed for; null when none waits. */
  pending_email: string | null;
}

interface EmailConfirmationContext {
  state: EmailState | null;
  message: string | null;
  error: string | null;
}

type EmailConfirmationEvent =
  { type: 'link.send' } | { type: 'state.retry' } | { type: 'state.changed'; state: EmailState };

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
  },
  actors: {
    loadState: fromPromise<EmailState>(async () => {
      throw new Error('loadState muss mit provide() übergeben werden');
    }),
    sendLink: fromPromise<{ message: string }>(async () => {
      throw new Error('sendLink muss mit provide() übergeben werden');
    }),
  },
}).createMachine({
  id: 'emailConfirmation',
  context: { state: null, message: null, error: null },
  initial: 'loading',
  on: {
    // The answer of an address change: newer than whatever is loading, and enough to show.
    'state.changed': { target: '.ready', actions: assign({ state: ({ event }) => event.state }) },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadState',
        onDone: { target: 'ready', actions: assign({ state: ({ event }) => event.output, error: null }) },
        onError: loadFailure<EmailConfirmationContext, EmailConfirmationEvent>(),
      },
    },
    loadFailed: loadFailedState<EmailConfirmationContext, EmailConfirmationEvent>('state.retry'),
    ready: {
      on: {
        'link.send': { target: 'sending', actions: assign({ message: null, error: null }) },
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'sendLink',
        onDone: { target: 'ready', actions: assign({ message: ({ event }) => event.output.message }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failureText(event.error) }) },
      },
    },
  },
});
