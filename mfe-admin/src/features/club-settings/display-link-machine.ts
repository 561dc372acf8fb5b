/**
 * The clubhouse screen's link in the Verein tab: loaded, shown, made or renewed. Renewing a link
 * that exists asks first, since it ends the old one at once, also on the screen in the clubhouse.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DisplayNames } from '@platzbuchung/domain/schemas';
import { failureText } from '@platzbuchung/ui/api/failure-text';
import { loadFailedState, loadFailure } from '@platzbuchung/ui/data/load-states';
import type { DisplayLink } from './display-api';

interface DisplayLinkContext {
  url: string | null;
  displayNames: DisplayNames | null;
  message: string | null;
  error: string | null;
}

type DisplayLinkEvent =
  { type: 'link.renew' } | { type: 'link.confirm' } | { type: 'link.cancel' } | { type: 'link.retryLoad' };

export const displayLinkMachine = setup({
  types: { context: {} as DisplayLinkContext, events: {} as DisplayLinkEvent },
  actors: {
    loadLink: fromPromise<DisplayLink>(async () => {
      throw new Error('loadLink must be provided');
    }),
    renewLink: fromPromise<{ url: string | null; message: string }>(async () => {
      throw new Error('renewLink must be provided');
    }),
  },
  guards: { hasLink: ({ context }) => context.url !== null },
}).createMachine({
  id: 'displayLink',
  context: { url: null, displayNames: null, message: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadLink',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            url: event.output.url,
            displayNames: event.output.display_names,
          })),
        },
        onError: loadFailure<DisplayLinkContext, DisplayLinkEvent>(),
      },
    },
    loadFailed: loadFailedState<DisplayLinkContext, DisplayLinkEvent>('link.retryLoad'),
    ready: {
      on: {
        'link.renew': [
          { guard: 'hasLink', target: 'confirming', actions: assign({ message: null, error: null }) },
          { target: 'renewing', actions: assign({ message: null, error: null }) },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: { 'link.confirm': 'renewing', 'link.cancel': 'ready' },
    },
    renewing: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'renewLink',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ url: event.output.url, message: event.output.message })),
        },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: failureText(event.error) })) },
      },
    },
  },
});
