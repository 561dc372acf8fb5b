import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';
import { dayGridMachine, type WeekData } from '../src/features/day-grid/day-grid-machine';
import type { DateWindow } from '../src/shared/reservations-api';
import { tournament } from './blocks-fixture';

function start(date: string, fail = false) {
  const asked: DateWindow[] = [];
  const actor = createActor(
    dayGridMachine.provide({
      actors: {
        loadWeek: fromPromise<WeekData, { clubId: string; window: DateWindow }>(async ({ input }) => {
          asked.push(input.window);
          if (fail) throw new Error('offline');
          return { reservations: [], blocks: [tournament], clubSeq: 0 };
        }),
      },
    }),
    { input: { clubId: 'c', date } },
  ).start();
  return { actor, asked };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('the day grid’s data', () => {
  it('loads the week of the first day, and steps through it without asking again', async () => {
    const { actor, asked } = start('2026-11-25');
    await settled(actor);
    actor.send({ type: 'date.change', date: '2026-11-29' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(asked).toEqual([{ from: '2026-11-23', to: '2026-11-29' }]);
  });

  it('keeps the court blocks of the loaded week beside its reservations', async () => {
    const { actor } = start('2026-11-25');
    await settled(actor);
    expect(actor.getSnapshot().context.blocks).toEqual([tournament]);
  });

  it('loads the next week when the day leaves the loaded one', async () => {
    const { actor, asked } = start('2026-11-29');
    await settled(actor);
    actor.send({ type: 'date.change', date: '2026-11-30' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settled(actor);
    expect(asked.at(-1)).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(actor.getSnapshot().context.loadedWindow).toEqual({ from: '2026-11-30', to: '2026-12-06' });
  });

  it('ignores a cleared date picker', async () => {
    const { actor } = start('2026-11-25');
    await settled(actor);
    actor.send({ type: 'date.change', date: '' });
    expect(actor.getSnapshot().context.date).toBe('2026-11-25');
  });

  it('takes an answer of the loaded week, and ignores one of another week', async () => {
    const { actor } = start('2026-11-25');
    await settled(actor);
    const answer = [{ _id: 'x' } as Reservation];
    actor.send({
      type: 'reservations.replaced',
      window: { from: '2026-11-30', to: '2026-12-06' },
      reservations: answer,
    });
    expect(actor.getSnapshot().context.reservations).toEqual([]);
    actor.send({
      type: 'reservations.replaced',
      window: { from: '2026-11-23', to: '2026-11-29' },
      reservations: answer,
    });
    expect(actor.getSnapshot().context.reservations).toEqual(answer);
  });

  it('shows the grid after a failed load (only logged), and reloads on request', async () => {
    const { actor, asked } = start('2026-11-25', true);
    await settled(actor);
    actor.send({ type: 'grid.reload' });
    await settled(actor);
    expect(asked).toHaveLength(2);
  });
});
