/**
 * One thing read from the API (the club's users, the record of changes, the grid as it was):
 * loading, shown, or failed with a retry; `resource.load` asks again, with new input if given.
 * The machine is untyped in what it loads; `useResource` gives each use its own types.
 */
import { assign, fromPromise, setup } from 'xstate';
import { loadFailedState, loadFailure } from './load-states';

interface ResourceContext {
  input: unknown;
  data: unknown;
  error: string | null;
}

type ResourceEvent = { type: 'resource.load'; input?: unknown } | { type: 'resource.retry' };

export const resourceMachine = setup({
  types: {
    context: {} as ResourceContext,
    events: {} as ResourceEvent,
    input: {} as { input: unknown },
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('load muss mit provide() übergeben werden');
    }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => ({ input: input.input, data: null, error: null }),
  initial: 'loading',
  on: {
    'resource.load': {
      target: '.loading',
      reenter: true,
      actions: assign(({ context, event }) => ({
        input: event.type === 'resource.load' && event.input !== undefined ? event.input : context.input,
      })),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'load',
        input: ({ context }: { context: ResourceContext }) => context.input,
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: loadFailure<ResourceContext, ResourceEvent>(),
      },
    },
    loaded: {},
    loadFailed: loadFailedState<ResourceContext, ResourceEvent>('resource.retry'),
  },
});
