import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RemotesConfig } from '@platzbuchung/host/contract';
import type { SessionUser } from '@platzbuchung/domain/types';
import { sessionMachine, type Basics } from '../src/session/session-machine';

const config: RemotesConfig = {
  remotes: { auth: 'http://localhost:3001/remoteEntry.js' },
  impressum: { name: 'Betreiber', email: 'kontakt@example.de', address: 'Am Platz 1, 12345 Tennisdorf' },
  privacy: { sessionIdleDays: 14, sessionLifetimeDays: 30, sentMailDays: 90, mailBodyDays: 30 },
};
const anna = {
  _id: 'u1',
  club_id: 'c1',
  role: 'player',
  first_name: 'Anna',
  last_name: 'Schmidt',
  email: 'anna@example.org',
  status: 'active',
} as SessionUser;

function started(load: () => Promise<Basics>, page: Basics | null = null) {
  const used: unknown[] = [];
  const forgotten: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: { loadBasics: fromPromise(load) },
      actions: {
        useConfig: (_, basics) => used.push(basics),
        forgetMember: ({ event }) => forgotten.push(event.type),
      },
    }),
    { input: { page } },
  );
  const first = actor.getSnapshot();
  actor.start();
  return { actor, used, first, forgotten };
}

describe('the shell session', () => {
  it('is ready with the user once configuration, clubs and session check have answered', async () => {
    const { actor, used } = started(async () => ({ config, clubs: [], user: anna }));
    expect(actor.getSnapshot().hasTag('starting')).toBe(true);
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.auth).toMatchObject({ value: true, _id: 'u1', role: 'player', status: 'active' });
    expect(used).toEqual([{ config, auth: ready.context.auth }]);
  });

  it('is ready and logged out when the session check found nobody', async () => {
    const { actor, used } = started(async () => ({ config, clubs: [], user: null }));
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.auth).toEqual({ value: false });
    expect(used).toEqual([{ config, auth: { value: false } }]);
  });

  it('starts ready, without asking, when the page carries the configuration, the clubs and the user', () => {
    const clubs = [{ _id: 'c1', name: 'TC Grün-Weiß' }] as Basics['clubs'];
    let loads = 0;
    const { actor, used, first } = started(
      async () => {
        loads += 1;
        return { config, clubs: [], user: null };
      },
      { config, clubs, user: anna },
    );
    // Ready before the actor runs: the first render is the layout, not the splash.
    expect(first.matches('ready')).toBe(true);
    expect(first.hasTag('starting')).toBe(false);
    const ready = actor.getSnapshot();
    expect(ready.context.clubs).toEqual(clubs);
    expect(ready.context.auth).toMatchObject({ value: true, _id: 'u1', club_id: 'c1', status: 'active' });
    expect(ready.context.config).toEqual(config);
    // Whoever read the page has used its configuration already (session-context's pageBasics).
    expect(used).toEqual([]);
    expect(loads).toBe(0);
  });

  it('starts logged out and ready when the page says nobody is logged in', () => {
    const { actor, used } = started(async () => ({ config, clubs: [], user: anna }), {
      config,
      clubs: [],
      user: null,
    });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.auth).toEqual({ value: false });
    expect(used).toEqual([]);
  });

  it('offers a retry when the configuration could not be loaded', async () => {
    let calls = 0;
    const { actor } = started(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { config, clubs: [], user: null };
    });
    await waitFor(actor, (s) => s.matches('startupFailed'));
    actor.send({ type: 'startup.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls).toBe(2);
  });

  it('forgets what the browser keeps of the member at logout and when another member logs in, not on a rename', () => {
    const { actor, forgotten } = started(async () => ({ config, clubs: [], user: anna }), {
      config,
      clubs: [],
      user: anna,
    });
    actor.send({ type: 'session.started', user: { ...anna, first_name: 'Annika' } });
    expect(forgotten).toEqual([]);
    actor.send({ type: 'session.ended' });
    expect(forgotten).toEqual(['session.ended']);
    actor.send({ type: 'session.started', user: anna });
    actor.send({ type: 'session.started', user: { ...anna, _id: 'u2' } });
    expect(forgotten).toEqual(['session.ended', 'session.started', 'session.started']);
  });
});
