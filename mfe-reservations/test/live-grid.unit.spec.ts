import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { Reservation } from '@platzbuchung/domain/types';
import { dayGridMachine, type WeekData } from '../src/features/day-grid/day-grid-machine';
import { buildGrid, gridChangeAnnouncement, isTaken } from '../src/features/day-grid/grid-model';
import type { DateWindow } from '../src/shared/reservations-api';
import { tournament } from './blocks-fixture';

const TUESDAY = '2026-11-24';
const booking = (id: string, court: string, hour: number, date = TUESDAY): Reservation => ({
  _id: id,
  club_id: 'c',
  user_id: 'u2',
  court_num: court,
  start_time: hour,
  end_time: hour + 1,
  date,
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
});
const made = (reservation: Reservation, seq: number): LiveChange => ({
  club_seq: seq,
  type: 'ReservationMade',
  reservation_id: reservation._id,
  reservation,
});

/** A grid whose loads wait until the test answers them; the first is answered with `first` (null: not yet). */
function start(first: WeekData | null = { reservations: [], blocks: [], clubSeq: 0 }) {
  const loads: { window: DateWindow; answer: (data: WeekData) => void; fail: (error: Error) => void }[] = [];
  const actor = createActor(
    dayGridMachine.provide({
      actors: {
        loadWeek: fromPromise<WeekData, { clubId: string; window: DateWindow }>(
          ({ input }) =>
            new Promise((resolve, reject) =>
              loads.push({ window: input.window, answer: resolve, fail: reject }),
            ),
        ),
      },
    }),
    { input: { clubId: 'c', date: TUESDAY } },
  ).start();
  if (first) loads[0]!.answer(first);
  return { actor, loads };
}

const ready = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => s.matches('ready'));

describe('the day grid applying live changes', () => {
  it('applies a change to the shown week at once, without a request', async () => {
    const { actor, loads } = start();
    await ready(actor);
    actor.send({ type: 'live.change', change: made(booking('r1', '3', 18), 7) });
    actor.send({
      type: 'live.change',
      change: { club_seq: 8, type: 'CourtsBlocked', block_id: tournament._id, block: tournament },
    });
    const { context } = actor.getSnapshot();
    expect(context.reservations).toEqual([booking('r1', '3', 18)]);
    expect(context.blocks).toEqual([tournament]);
    expect(context.liveSeq).toBe(8);
    expect(loads).toHaveLength(1);
  });

  it('keeps changes that arrive during a load and applies them to its answer', async () => {
    const { actor, loads } = start();
    await ready(actor);
    actor.send({ type: 'grid.reload' });
    actor.send({ type: 'live.change', change: made(booking('r2', '1', 9), 9) });
    actor.send({
      type: 'live.change',
      change: { club_seq: 10, type: 'ReservationCancelled', reservation_id: 'r0', reservation: null },
    });
    // The answer was read before both changes.
    loads[1]!.answer({ reservations: [booking('r0', '2', 10)], blocks: [], clubSeq: 0 });
    await ready(actor);
    expect(actor.getSnapshot().context.reservations).toEqual([booking('r2', '1', 9)]);
    expect(actor.getSnapshot().context.pending).toEqual([]);
  });

  it('loads the week again at every poll; during a load, once it is done', async () => {
    const { actor, loads } = start();
    await ready(actor);
    actor.send({ type: 'live.resync' });
    expect(loads).toHaveLength(2);
    // The load under way is not aborted; another follows it.
    actor.send({ type: 'live.resync' });
    actor.send({ type: 'live.resync' });
    expect(loads).toHaveLength(2);
    loads[1]!.answer({ reservations: [booking('r3', '4', 12)], blocks: [], clubSeq: 0 });
    await waitFor(actor, () => loads.length === 3);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    loads[2]!.answer({ reservations: [booking('r4', '4', 13)], blocks: [], clubSeq: 0 });
    await ready(actor);
    expect(actor.getSnapshot().context.reservations).toEqual([booking('r4', '4', 13)]);
    expect(loads).toHaveLength(3);
  });

  const week = (clubSeq: number, ...reservations: Reservation[]): WeekData => ({
    reservations,
    blocks: [],
    clubSeq,
  });

  it('loads again for a fresh stream only when the shown week is older than where it starts', async () => {
    const { actor, loads } = start(week(5));
    await ready(actor);
    actor.send({ type: 'live.resync', since: 5 });
    actor.send({ type: 'live.resync', since: 2 });
    expect(loads).toHaveLength(1);
    // A change from the stream counts as shown.
    actor.send({ type: 'live.change', change: made(booking('r1', '3', 18), 6) });
    actor.send({ type: 'live.resync', since: 6 });
    expect(loads).toHaveLength(1);
    actor.send({ type: 'live.resync', since: 7 });
    expect(loads).toHaveLength(2);
  });

  it('checks the first answer against a stream that started while it loaded', async () => {
    const { actor, loads } = start(null);
    actor.send({ type: 'live.resync', since: 8 });
    loads[0]!.answer(week(8, booking('r1', '3', 18)));
    await ready(actor);
    expect(loads).toHaveLength(1);
    expect(actor.getSnapshot().context.reservations).toEqual([booking('r1', '3', 18)]);

    const older = start(null);
    older.actor.send({ type: 'live.resync', since: 8 });
    older.loads[0]!.answer(week(7));
    await waitFor(older.actor, () => older.loads.length === 2);
    older.loads[1]!.answer(week(8, booking('r2', '1', 9)));
    await ready(older.actor);
    expect(older.actor.getSnapshot().context.reservations).toEqual([booking('r2', '1', 9)]);
  });

  it('after a failed load, loads again for a fresh stream, however far its later changes reach', async () => {
    const { actor, loads } = start(week(5));
    await ready(actor);
    actor.send({ type: 'grid.reload' });
    // Arrives during the load that then fails: dropped with it.
    actor.send({ type: 'live.change', change: made(booking('r1', '3', 18), 6) });
    loads[1]!.fail(new Error('offline'));
    await ready(actor);
    actor.send({ type: 'live.change', change: made(booking('r2', '4', 19), 7) });
    actor.send({ type: 'live.resync', since: 6 });
    expect(loads).toHaveLength(3);
    loads[2]!.answer(week(7, booking('r1', '3', 18), booking('r2', '4', 19)));
    await ready(actor);
    actor.send({ type: 'live.resync', since: 7 });
    expect(loads).toHaveLength(3);
  });

  it('back in the loaded week while another loads: shows the changes so far, or loads for a fresh stream', async () => {
    const { actor, loads } = start(week(5));
    await ready(actor);
    actor.send({ type: 'date.change', date: '2026-12-08' });
    actor.send({ type: 'live.change', change: made(booking('r1', '3', 18), 6) });
    actor.send({ type: 'date.change', date: TUESDAY });
    await ready(actor);
    expect(loads).toHaveLength(2);
    expect(actor.getSnapshot().context.reservations).toEqual([booking('r1', '3', 18)]);

    actor.send({ type: 'date.change', date: '2026-12-08' });
    actor.send({ type: 'live.resync', since: 9 });
    actor.send({ type: 'date.change', date: TUESDAY });
    expect(loads).toHaveLength(4);
    expect(loads[3]!.window).toEqual(loads[0]!.window);
  });

  it('drops a booking that moved to another week and takes in one that moved here', async () => {
    const { actor } = start({ reservations: [booking('r1', '3', 18)], blocks: [], clubSeq: 0 });
    await ready(actor);
    actor.send({ type: 'live.change', change: made(booking('r1', '3', 18, '2026-12-08'), 11) });
    expect(actor.getSnapshot().context.reservations).toEqual([]);
    actor.send({ type: 'live.change', change: made(booking('r1', '5', 8, '2026-11-27'), 12) });
    expect(actor.getSnapshot().context.reservations).toEqual([booking('r1', '5', 8, '2026-11-27')]);
  });
});

describe('what the grid announces', () => {
  const club = { courts_count: 4, start_hour: 8, end_hour: 20 };
  const now = { date: '2026-11-23', hour: 7 };
  const grid = (reservations: Reservation[], blocks = [] as (typeof tournament)[]) =>
    buildGrid({ club, date: TUESDAY, reservations, blocks, users: [], userId: 'u1', now });

  it('names the one cell that changed, or counts several, or says nothing', () => {
    const empty = grid([]);
    expect(gridChangeAnnouncement(empty, grid([booking('r1', '3', 18)]), TUESDAY)).toBe(
      'Platz 3 um 18:00 Uhr ist jetzt belegt.',
    );
    expect(gridChangeAnnouncement(grid([booking('r1', '3', 18)]), empty, TUESDAY)).toBe(
      'Platz 3 um 18:00 Uhr ist jetzt frei.',
    );
    expect(gridChangeAnnouncement(empty, grid([], [tournament]), TUESDAY)).toBe(
      'Am Di., 24.11.2026 haben sich 8 Zeiten geändert.',
    );
    expect(gridChangeAnnouncement(empty, grid([]), TUESDAY)).toBeNull();
  });

  it('calls a cell taken when a booking or a block holds it', () => {
    const cell = (rows: ReturnType<typeof grid>, court: number, hour: number) =>
      rows.flat().find((c) => c.court === court && c.hour === hour);
    expect(isTaken(cell(grid([]), 3, 18))).toBe(false);
    expect(isTaken(cell(grid([booking('r1', '3', 18)]), 3, 18))).toBe(true);
    expect(isTaken(cell(grid([], [tournament]), 1, 15))).toBe(true);
    expect(isTaken(undefined)).toBe(false);
  });
});
