import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Block } from '@platzbuchung/domain/blocks/blocks';
import { ApiError } from '@platzbuchung/ui/api/client';
import type { AffectedBooking, BlockRequest } from '../src/features/blocks/api';
import {
  blockHours,
  blockRequest,
  blocksMachine,
  cancelledMessage,
  initialForm,
} from '../src/features/blocks/blocks-machine';

const club = { courts_count: 4, start_hour: 8, end_hour: 22 };
const now = { date: '2026-11-23', hour: 10 };
const frost: Block = {
  _id: 'b-frost',
  club_id: 'c',
  court_nums: ['3'],
  from: '2026-12-01T08:00',
  until: '2026-12-02T22:00',
  reason: 'Frost',
};
const tournament: Block = { ...frost, _id: 'b-tournament', from: '2026-11-24T14:00', reason: 'Turnier' };
const steffi: AffectedBooking = {
  reservation_id: 'r1',
  court_num: '1',
  date: '2026-11-24',
  start_time: 15,
  end_time: 16,
  label: null,
  recurring: false,
  holder: { _id: 'u', first_name: 'Steffi', last_name: 'Graf' },
};

function start(options: { refusePreview?: string; loadFails?: boolean } = {}) {
  const calls = {
    loads: 0,
    previews: [] as BlockRequest[],
    creates: [] as BlockRequest[],
    lifts: [] as string[],
  };
  const actor = createActor(
    blocksMachine.provide({
      actors: {
        loadBlocks: fromPromise<Block[]>(async () => {
          calls.loads++;
          if (options.loadFails) throw new ApiError(0, [], 'Keine Verbindung.');
          return [frost, tournament];
        }),
        previewBlock: fromPromise<AffectedBooking[], BlockRequest>(async ({ input }) => {
          calls.previews.push(input);
          if (options.refusePreview) throw new ApiError(400, [], options.refusePreview);
          return [steffi];
        }),
        createBlock: fromPromise<{ message: string; cancelled: number }, BlockRequest>(async ({ input }) => {
          calls.creates.push(input);
          return { message: 'Die Sperrung wurde eingerichtet.', cancelled: 1 };
        }),
        liftBlock: fromPromise<{ message: string }, string>(async ({ input }) => {
          calls.lifts.push(input);
          return { message: 'Die Sperrung wurde aufgehoben.' };
        }),
      },
    }),
    { input: { club, now } },
  ).start();
  return { actor, calls };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('editing'));

describe('Sperrungen', () => {
  it('lists the blocks soonest first and starts a form for all courts from the next hour to closing', async () => {
    const { actor } = start();
    await ready(actor);
    const { context } = actor.getSnapshot();
    expect(context.blocks.map((b) => b.reason)).toEqual(['Turnier', 'Frost']);
    expect(blockRequest({ form: context.form, club })).toEqual({
      court_nums: ['1', '2', '3', '4'],
      from: '2026-11-23T11:00',
      until: '2026-11-23T22:00',
      reason: '',
    });
  });

  it('asks for a weekly block on one day, repeated until a chosen day', async () => {
    const { actor } = start();
    await ready(actor);
    const change = (c: object) => actor.send({ type: 'form.change', ...c } as never);
    change({ field: 'untilDate', date: '2026-11-25' });
    change({ field: 'weekly', checked: true });
    change({ field: 'repeatUntil', date: '2027-03-' });
    change({ field: 'repeatUntil', date: '2027-03-29' });
    change({ field: 'reason', reason: 'Training' });
    expect(blockRequest({ form: actor.getSnapshot().context.form, club })).toEqual({
      court_nums: ['1', '2', '3', '4'],
      from: '2026-11-23T11:00',
      // The day it ends is the day it begins; a half-typed day kept the last whole one.
      until: '2026-11-23T22:00',
      reason: 'Training',
      repeat_until: '2027-03-29',
    });
  });

  it('starts tomorrow once today’s last hour has begun, and offers opening to closing hours', () => {
    expect(initialForm({ club, now: { date: '2026-11-23', hour: 21 } })).toMatchObject({
      fromDate: '2026-11-24',
      fromHour: 8,
      untilDate: '2026-11-24',
      untilHour: 22,
    });
    expect(blockHours({ start_hour: 8, end_hour: 11 })).toEqual([8, 9, 10, 11]);
  });

  it('previews the chosen courts and hours, then confirms the very same request and reloads', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'form.change', field: 'allCourts', checked: false });
    actor.send({ type: 'form.change', field: 'court', court: 2, checked: true });
    actor.send({ type: 'form.change', field: 'court', court: 1, checked: true });
    actor.send({ type: 'form.change', field: 'court', court: 9, checked: true });
    actor.send({ type: 'form.change', field: 'fromDate', date: '2026-11-24' });
    actor.send({ type: 'form.change', field: 'fromHour', hour: 14 });
    actor.send({ type: 'form.change', field: 'untilHour', hour: 18 });
    actor.send({ type: 'form.change', field: 'untilHour', hour: 23 });
    actor.send({ type: 'form.change', field: 'reason', reason: ' Turnier ' });
    actor.send({ type: 'preview' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    const request = {
      court_nums: ['1', '2'],
      from: '2026-11-24T14:00',
      until: '2026-11-24T18:00',
      reason: 'Turnier',
    };
    expect(calls.previews).toEqual([request]);
    expect(actor.getSnapshot().context.affected).toEqual([steffi]);
    // Nothing changes under the preview while it is shown.
    actor.send({ type: 'form.change', field: 'reason', reason: 'Anders' });
    actor.send({ type: 'confirm' });
    await ready(actor);
    expect(calls.creates).toEqual([request]);
    expect(calls.loads).toBe(2);
    expect(actor.getSnapshot().context.message).toBe(
      'Die Sperrung wurde eingerichtet. 1 Termin wurde storniert.',
    );
    expect(actor.getSnapshot().context.form.reason).toBe('');
  });

  it('asks for a reason under its field before any preview, and forgets the error once one is typed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'preview' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.reasonError).toBe('Bitte geben Sie einen Grund für die Sperrung an.');
    actor.send({ type: 'form.change', field: 'reason', reason: '   ' });
    expect(actor.getSnapshot().context.reasonError).toBeNull();
    actor.send({ type: 'preview' });
    expect(actor.getSnapshot().context.reasonError).not.toBeNull();
    expect(calls.previews).toEqual([]);
  });

  it('goes back from the preview without writing anything', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'form.change', field: 'reason', reason: 'Frost' });
    actor.send({ type: 'preview' });
    await waitFor(actor, (s) => s.matches('reviewing'));
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.affected).toBeNull();
    expect(calls.creates).toEqual([]);
  });

  it('shows the server’s refusal of a preview and keeps the form', async () => {
    const refusal = 'Bitte geben Sie einen Grund für die Sperrung an.';
    const { actor } = start({ refusePreview: refusal });
    await ready(actor);
    actor.send({ type: 'form.change', field: 'reason', reason: 'x' });
    actor.send({ type: 'preview' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(refusal);
    expect(actor.getSnapshot().context.form.reason).toBe('x');
  });

  it('takes the end along when the start moves past it, and ignores half-typed dates', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'form.change', field: 'fromDate', date: '2026-12-05' });
    actor.send({ type: 'form.change', field: 'untilDate', date: '2026-12-3' });
    expect(actor.getSnapshot().context.form).toMatchObject({
      fromDate: '2026-12-05',
      untilDate: '2026-12-05',
    });
  });

  it('lifts a block only after the question is confirmed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'lift.ask', blockId: 'unknown' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.send({ type: 'lift.ask', blockId: 'b-frost' });
    expect(actor.getSnapshot().context.lifting?._id).toBe('b-frost');
    actor.send({ type: 'lift.cancel' });
    expect(calls.lifts).toEqual([]);
    actor.send({ type: 'lift.ask', blockId: 'b-frost' });
    actor.send({ type: 'lift.confirm' });
    await ready(actor);
    expect(calls.lifts).toEqual(['b-frost']);
    expect(actor.getSnapshot().context.message).toBe('Die Sperrung wurde aufgehoben.');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    const { actor, calls } = start({ loadFails: true });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Keine Verbindung.');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(calls.loads).toBe(2);
  });

  it('says how many dates a block cancelled', () => {
    expect(cancelledMessage('Eingerichtet.', 0)).toBe('Eingerichtet. Keine Reservierung war betroffen.');
    expect(cancelledMessage('Eingerichtet.', 3)).toBe('Eingerichtet. 3 Termine wurden storniert.');
  });
});
