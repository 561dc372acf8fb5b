import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  eventLogMachine,
  type NewerInput,
  type NewerOutput,
  type PageInput,
  type PageOutput,
} from '../src/features/event-log/event-log-machine';
import { emptyFilter } from '../src/features/event-log/log';
import type { LogEvent } from '../src/shared/events-api';
import { R1, R2, cancelled, made } from './fixtures';

/** A fake API over a list of events (newest last), answering pages as the real one does. */
function fakeLog(all: LogEvent[], pageSize = 2) {
  const calls: { before?: number; after?: number; type?: string }[] = [];
  const actors = {
    loadPage: fromPromise<PageOutput, PageInput>(async ({ input }) => {
      calls.push({ before: input.before, type: input.filter.type });
      const matching = all
        .filter((e) => !input.filter.type || e.type === input.filter.type)
        .filter((e) => input.before === undefined || e.position < input.before)
        .sort((a, b) => b.position - a.position);
      const events = matching.slice(0, pageSize);
      return { events, next: events.length < pageSize ? null : events.at(-1)!.position, details: {} };
    }),
    loadNewer: fromPromise<NewerOutput, NewerInput>(async ({ input }) => {
      calls.push({ after: input.after });
      return { events: all.filter((e) => e.position > input.after), details: {} };
    }),
  };
  return { actors, calls };
}

const start = (all: LogEvent[]) => {
  const fake = fakeLog(all);
  const actor = createActor(eventLogMachine.provide({ actors: fake.actors }), { input: {} }).start();
  return { actor, calls: fake.calls };
};

const positions = (actor: ReturnType<typeof start>['actor']) =>
  actor.getSnapshot().context.entries.map((e) => e.position);

describe('the event log machine', () => {
  it('shows the newest page first, then older pages on demand until the end', async () => {
    const { actor } = start([made(1, R1), made(2, R2), cancelled(3, R1)]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(positions(actor)).toEqual([3, 2]);
    expect(actor.getSnapshot().context.next).toBe(2);

    actor.send({ type: 'log.more' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.next === null);
    expect(positions(actor)).toEqual([3, 2, 1]);
  });

  it('puts new events on top when refreshed, and says how many', async () => {
    const all = [made(1, R1), made(2, R2)];
    const { actor, calls } = start(all);
    await waitFor(actor, (s) => s.matches('ready'));
    all.push(cancelled(3, R1), cancelled(4, R2));

    actor.send({ type: 'log.refresh' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.added !== null);
    expect(positions(actor)).toEqual([4, 3, 2, 1]);
    expect(actor.getSnapshot().context.added).toBe(2);
    expect(calls.at(-1)).toEqual({ after: 2 });

    actor.send({ type: 'log.refresh' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.added === 0);
  });

  it('starts over when the filter changes, and not when it stays the same', async () => {
    const { actor, calls } = start([made(1, R1), cancelled(2, R1)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.filter', filter: { ...emptyFilter } });
    expect(actor.getSnapshot().matches('ready')).toBe(true);

    actor.send({ type: 'log.filter', filter: { ...emptyFilter, type: 'ReservationCancelled' } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(positions(actor)).toEqual([2]);
    expect(calls.at(-1)).toEqual({ before: undefined, type: 'ReservationCancelled' });
  });

  it('keeps what it shows when a refresh fails, and offers a retry when the first page fails', async () => {
    let fail = false;
    const actors = {
      loadPage: fromPromise<PageOutput, PageInput>(async () => {
        if (fail) throw new Error('Der Server ist nicht erreichbar.');
        return { events: [made(1, R1)], next: null, details: {} };
      }),
      loadNewer: fromPromise<NewerOutput, NewerInput>(async () => {
        throw new Error('Der Server ist nicht erreichbar.');
      }),
    };
    const actor = createActor(eventLogMachine.provide({ actors }), { input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'log.refresh' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(positions(actor)).toEqual([1]);

    fail = true;
    actor.send({ type: 'log.filter', filter: { ...emptyFilter, type: 'SeriesEnded' } });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    fail = false;
    actor.send({ type: 'log.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
