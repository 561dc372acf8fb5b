/**
 * One area's remote screen: shown at once when the page has it loaded already, else loaded, with
 * a network hiccup retried once by itself, and otherwise waiting for the user's "Erneut versuchen"
 * (one fresh attempt per click). Render errors of a loaded screen come back as `area.crashed`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RemoteScreen } from './federation';
import { IncompatibleRemoteError } from './remote-errors';

/** Which screen an area shows. */
export interface AreaScreen {
  remote: string;
  module: string;
}

interface AreaInput extends AreaScreen {
  /**
   * The screen when the page has loaded it already (./federation, `loadedScreen`): the area's
   * first render shows it, with no render of the loading line and no wait for a load's answer.
   */
  loaded: RemoteScreen | null;
}

interface AreaContext extends AreaScreen {
  screen: RemoteScreen | null;
  attempts: number;
}

type AreaEvent = { type: 'area.retry' } | { type: 'area.crashed' };

/** Attempts before the notice shows. */
const AUTOMATIC_ATTEMPTS = 2;

export const areaMachine = setup({
  types: { context: {} as AreaContext, events: {} as AreaEvent, input: {} as AreaInput },
  actors: {
    loadScreen: fromPromise<RemoteScreen, AreaScreen & { fresh: boolean }>(async () => {
      throw new Error('loadScreen muss mit provide() übergeben werden');
    }),
  },
  delays: { retryDelay: ({ context }) => 400 * context.attempts },
  guards: {
    mayRetryAutomatically: ({ context }) => context.attempts < AUTOMATIC_ATTEMPTS,
  },
}).createMachine({
  id: 'area',
  context: ({ input }) => ({ remote: input.remote, module: input.module, screen: input.loaded, attempts: 0 }),
  initial: 'opening',
  states: {
    opening: {
      always: [{ guard: ({ context }) => context.screen !== null, target: 'loaded' }, { target: 'loading' }],
    },
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
