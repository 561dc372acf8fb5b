/**
 * One area's remote screen: load it, retry a network hiccup once by itself, and otherwise wait
 * for the user's "Erneut versuchen" (one fresh attempt per click). Render errors of a loaded
 * screen come back as `area.crashed`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemoteScreen } from './federation';
import { IncompatibleRemoteError } from './remote-errors';

export interface AreaInput {
  remote: string;
  module: string;
}

interface AreaContext extends AreaInput {
  screen: RemoteScreen | null;
  attempts: number;
}

type AreaEvent = { type: 'area.retry' } | { type: 'area.crashed' };

/** Attempts before the notice shows. */
const AUTOMATIC_ATTEMPTS = 2;

export const areaMachine = setup({
  types: { context: {} as AreaContext, events: {} as AreaEvent, input: {} as AreaInput },
  actors: {
    loadScreen: fromPromise<RemoteScreen, AreaInput & { fresh: boolean }>(async () => {
      throw new Error('loadScreen must be provided');
    }),
  },
  delays: { retryDelay: ({ context }) => 400 * context.attempts },
  guards: {
    mayRetryAutomatically: ({ context }) => context.attempts < AUTOMATIC_ATTEMPTS,
  },
}).createMachine({
  id: 'area',
  context: ({ input }) => ({ ...input, screen: null, attempts: 0 }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: assign(({ context }) => ({ attempts: context.attempts + 1 })),
      invoke: {
        src: 'loadScreen',
        input: ({ context }) => ({
          remote: context.remote,
          module: context.module,
          fresh: context.attempts > 1,
        }),
        onDone: { target: 'loaded', actions: assign(({ event }) => ({ screen: event.output })) },
        onError: [
          {
            // Retrying at once cannot help: the remote changes only when the operator switches its version.
            guard: ({ event }) => event.error instanceof IncompatibleRemoteError,
            target: 'incompatible',
          },
          { guard: 'mayRetryAutomatically', target: 'waiting' },
          { target: 'failed' },
        ],
      },
    },
    waiting: {
      tags: ['loading'],
      after: { retryDelay: 'loading' },
    },
    loaded: {
      on: { 'area.crashed': 'failed' },
    },
    incompatible: {
      on: {
        'area.retry': { target: 'loading', actions: assign({ attempts: 1, screen: null }) },
      },
    },
    failed: {
      on: {
        'area.retry': {
          target: 'loading',
          // attempts > 1 makes the next load bypass the runtime's cache of the failure.
          actions: assign({ attempts: 1, screen: null }),
        },
      },
    },
  },
});
