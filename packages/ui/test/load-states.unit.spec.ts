import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { ApiError } from '../src/api/client';
import { failureText } from '../src/api/failure-text';
import { loadFailedState, loadFailure } from '../src/data/load-states';
import { uiTexts } from '../src/texts';

interface ListContext {
  names: string[];
  error: string | null;
}

type ListEvent = { type: 'list.retry' };

/** A machine as the screens write them: its own loading state, the shared failure and retry. */
const listMachine = setup({
  types: { context: {} as ListContext, events: {} as ListEvent },
  actors: {
    loadNames: fromPromise<string[]>(async () => {
      throw new Error('loadNames muss mit provide() übergeben werden');
    }),
  },
}).createMachine({
  context: { names: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadNames',
        onDone: { target: 'ready', actions: assign({ names: ({ event }) => event.output }) },
        onError: loadFailure<ListContext, ListEvent>(),
      },
    },
    loadFailed: loadFailedState<ListContext, ListEvent>('list.retry'),
    ready: {},
  },
});

function start(load: () => Promise<string[]>) {
  return createActor(listMachine.provide({ actors: { loadNames: fromPromise(load) } })).start();
}

describe('a machine that loads what it shows, when the load fails', () => {
  it('waits in loadFailed with the server’s words', async () => {
    const actor = start(() => Promise.reject(new ApiError(503, [], 'Der Server ist nicht erreichbar.')));
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error).toBe('Der Server ist nicht erreichbar.');
  });

  it('forgets the failure on retry and shows what the next load brings', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls++;
      if (calls === 1) throw new ApiError(0, [], uiTexts.networkError);
      return ['Ada', 'Bert'];
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context).toEqual({ names: ['Ada', 'Bert'], error: null });
    expect(calls).toBe(2);
  });
});

describe('a failure’s words for the screen', () => {
  it('are the error’s own message', () => {
    expect(failureText(new ApiError(409, [], 'Der Platz ist schon belegt.'))).toBe(
      'Der Platz ist schon belegt.',
    );
  });

  it('fall back to the connection text when there are none', () => {
    expect(failureText(new Error(''))).toBe(uiTexts.networkError);
    expect(failureText('kaputt')).toBe(uiTexts.networkError);
  });
});
