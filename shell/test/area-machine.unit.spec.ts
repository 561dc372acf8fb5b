import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { areaMachine } from '../src/remotes/area-machine';
import type { RemoteScreen } from '../src/remotes/federation';
import { IncompatibleRemoteError, RemoteLoadError } from '../src/remotes/remote-errors';

const Screen: RemoteScreen = () => null;

function startArea(outcomes: (RemoteScreen | Error)[], loaded: RemoteScreen | null = null) {
  const calls: boolean[] = [];
  const actor = createActor(
    areaMachine.provide({
      actors: {
        loadScreen: fromPromise<RemoteScreen, { remote: string; module: string; fresh: boolean }>(
          async ({ input }) => {
            calls.push(input.fresh);
            const outcome = outcomes.shift();
            if (!outcome || outcome instanceof Error) throw outcome ?? new Error('no outcome left');
            return outcome;
          },
        ),
      },
      delays: { retryDelay: 0 },
    }),
    { input: { remote: 'reservations', module: './Reservations', loaded } },
  ).start();
  return { actor, calls };
}

describe('the area machine', () => {
  it('shows a screen the page has loaded already from its first snapshot, without loading it', () => {
    const { actor, calls } = startArea([], Screen);
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(actor.getSnapshot().context.screen).toBe(Screen);
    expect(calls).toEqual([]);
  });

  it('loads a screen the page has not loaded yet', async () => {
    const { actor, calls } = startArea([Screen]);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(calls).toEqual([false]);
  });

  it('shows the incompatibility at once, without automatic retries', async () => {
    const { actor, calls } = startArea([new IncompatibleRemoteError('built for contract 2')]);
    await waitFor(actor, (s) => s.matches('incompatible'));
    expect(calls).toEqual([false]);
  });

  it('loads again on the retry button after an incompatibility, asking the network afresh', async () => {
    const { actor, calls } = startArea([new IncompatibleRemoteError('built for contract 2'), Screen]);
    await waitFor(actor, (s) => s.matches('incompatible'));
    actor.send({ type: 'area.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(actor.getSnapshot().context.screen).toBe(Screen);
    expect(calls).toEqual([false, true]);
  });

  it('retries a load error once by itself before it shows the failure', async () => {
    const { actor, calls } = startArea([new RemoteLoadError('offline'), new RemoteLoadError('offline')]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(calls).toEqual([false, true]);
  });
});
