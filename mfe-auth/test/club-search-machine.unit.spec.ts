import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Club } from '@platzbuchung/domain/types';
import { CLUB_SEARCH_DEBOUNCE_MS, clubSearchMachine } from '../src/features/signup/club-search-machine';

const club = (name: string, id = name): Club => ({
  _id: id,
  name,
  courts_count: 4,
  start_hour: 8,
  end_hour: 20,
  reservations_limit: 3,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  has_rules: false,
});
const GRUEN = club('TC Grün-Weiß Arnsberg');
const GRUENAU = club('SV Grünau');

function start(search: (q: string) => Promise<readonly Club[]>) {
  const picks: string[] = [];
  const queries: string[] = [];
  const actor = createActor(
    clubSearchMachine.provide({
      actors: {
        searchClubs: fromPromise<readonly Club[], { q: string }>(({ input }) => {
          queries.push(input.q);
          return search(input.q);
        }),
      },
      actions: { reportPick: ({ context }) => picks.push(context.picked?._id ?? '') },
    }),
  ).start();
  return { actor, picks, queries };
}

const settle = async () => {
  await vi.advanceTimersByTimeAsync(CLUB_SEARCH_DEBOUNCE_MS);
  await vi.runAllTimersAsync();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the club search of the sign-up form', () => {
  it('waits until typing pauses, then searches once for the whole text', async () => {
    const { actor, queries } = start(async () => [GRUEN, GRUENAU]);
    for (const query of ['g', 'gr', 'grü', 'grün']) actor.send({ type: 'query.change', query });
    await settle();
    expect(queries).toEqual(['grün']);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.hits).toEqual([GRUEN, GRUENAU]);
  });

  it('does not search for a single letter', async () => {
    const { actor, queries } = start(async () => [GRUEN]);
    actor.send({ type: 'query.change', query: ' g ' });
    await settle();
    expect(queries).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('arrow keys wrap around the hits and Enter picks the highlighted one', async () => {
    const { actor, picks } = start(async () => [GRUEN, GRUENAU]);
    actor.send({ type: 'query.change', query: 'grün' });
    await settle();
    actor.send({ type: 'active.move', by: 1 });
    actor.send({ type: 'active.move', by: 1 });
    actor.send({ type: 'active.move', by: 1 });
    expect(actor.getSnapshot().context.active).toBe(0);
    actor.send({ type: 'active.move', by: -1 });
    actor.send({ type: 'active.pick' });
    const { context } = actor.getSnapshot();
    expect(context.picked).toEqual(GRUENAU);
    expect(context.query).toBe('SV Grünau');
    expect(context.hits).toEqual([]);
    expect(picks.at(-1)).toBe(GRUENAU._id);
  });

  it('Enter without a highlighted hit picks nothing', async () => {
    const { actor, picks } = start(async () => [GRUEN]);
    actor.send({ type: 'query.change', query: 'grün' });
    await settle();
    actor.send({ type: 'active.pick' });
    expect(actor.getSnapshot().context.picked).toBeNull();
    expect(picks.every((id) => id === '')).toBe(true);
  });

  it('changing the text after a pick empties the form field again', async () => {
    const { actor, picks } = start(async () => [GRUEN]);
    actor.send({ type: 'club.pick', club: GRUEN });
    expect(picks.at(-1)).toBe(GRUEN._id);
    actor.send({ type: 'query.change', query: 'TC Grün-Weiß Arnsber' });
    expect(picks.at(-1)).toBe('');
    expect(actor.getSnapshot().context.picked).toBeNull();
  });

  it('a failed search can be retried', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('offline');
      return [GRUEN];
    });
    actor.send({ type: 'query.change', query: 'grün' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failed).toBe(true);
    fail = false;
    actor.send({ type: 'search.retry' });
    await vi.runAllTimersAsync();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.hits).toEqual([GRUEN]);
  });

  it('Escape closes the list and keeps the text', async () => {
    const { actor } = start(async () => [GRUEN]);
    actor.send({ type: 'query.change', query: 'grün' });
    await settle();
    actor.send({ type: 'list.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.query).toBe('grün');
  });
});
