import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resourceMachine } from '../src/data/resource-machine';

function start(load: (input: unknown) => Promise<unknown>, input: unknown = 'club-1') {
  const machine = resourceMachine.provide({
    actors: { load: fromPromise<unknown, unknown>(({ input: given }) => load(given)) },
  });
  return createActor(machine, { input: { input } }).start();
}

describe('loading what a screen shows', () => {
  it('loads at once and shows what came', async () => {
    const actor = start(async (clubId) => `Regeln von ${String(clubId)}`);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toMatchObject({ data: 'Regeln von club-1', error: null });
  });

  it('says why it failed and loads again on retry', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls++;
      if (calls === 1) throw new Error('Der Server ist nicht erreichbar.');
      return 'Regeln';
    });
    const failed = await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(failed.context.error).toBe('Der Server ist nicht erreichbar.');
    actor.send({ type: 'resource.retry' });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context).toMatchObject({ data: 'Regeln', error: null });
  });

  it('loads again with new input, keeping the old input when none is given', async () => {
    const asked: unknown[] = [];
    const actor = start(async (input) => {
      asked.push(input);
      return input;
    });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'resource.load', input: '2026-11-24' });
    await waitFor(actor, (s) => s.matches('loaded') && s.context.data === '2026-11-24');
    actor.send({ type: 'resource.load' });
    await waitFor(actor, (s) => s.matches('loaded') && asked.length === 3);
    expect(asked).toEqual(['club-1', '2026-11-24', '2026-11-24']);
  });
});
