import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { clubRulesMachine } from '../src/features/club-rules/club-rules-machine';

function start(load: () => Promise<string>) {
  const machine = clubRulesMachine.provide({
    actors: { loadRules: fromPromise<string, { clubId: string }>(load) },
  });
  return createActor(machine, { input: { clubId: 'club-1' } }).start();
}

describe('the Platzordnung page', () => {
  it('loads the club’s rules and shows them', async () => {
    const actor = start(async () => 'Nur mit Sandplatzschuhen.\nPlatz abziehen.');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context.rules).toBe('Nur mit Sandplatzschuhen.\nPlatz abziehen.');
  });

  it('says why it failed and loads again on retry', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls++;
      if (calls === 1) throw new Error('Der Server ist nicht erreichbar.');
      return 'Regeln';
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Der Server ist nicht erreichbar.');
    actor.send({ type: 'rules.retry' });
    const shown = await waitFor(actor, (s) => s.matches('shown'));
    expect(shown.context).toMatchObject({ rules: 'Regeln', error: null });
  });
});
