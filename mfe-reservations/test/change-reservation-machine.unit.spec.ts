import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@platzbuchung/ui/api/client';
import type { Reservation } from '@platzbuchung/domain/types';
import {
  changeRequest,
  changeReservationMachine,
  changeScopeOptions,
  type ChangeRequest,
} from '../src/features/booking/change-reservation-machine';
import { pendingRequest } from './pending-request';
import { startHours } from '@platzbuchung/domain/reservations/day-slots';

const CLUB_ID = '11111111-1111-4111-8111-111111111111';
const booking = (over: Partial<Reservation> = {}): Reservation => ({
  _id: '33333333-3333-4333-8333-333333333333',
  club_id: CLUB_ID,
  user_id: 'u-me',
  court_num: '2',
  start_time: 10,
  end_time: 11,
  date: '2026-11-30',
  recurring: false,
  deleted_dates: [],
  ...over,
});
const club = { courts_count: 4, start_hour: 8, end_hour: 20 };

function start(options: {
  isAdmin: boolean;
  reservation?: Reservation;
  occurrenceDate?: string;
  play?: PlayRules;
}) {
  const reservation = options.reservation ?? booking();
  const { sent, submit, settle, refused: failed } = pendingRequest<ChangeRequest>();
  const actor = createActor(
    changeReservationMachine.provide({
      actors: { submit },
    }),
    {
      input: {
        reservation,
        occurrenceDate: options.occurrenceDate ?? reservation.date,
        isAdmin: options.isAdmin,
        clubId: CLUB_ID,
        club,
        play: options.play ?? DEFAULT_PLAY_RULES,
      },
    },
  ).start();
  return { actor, sent, failed, settle };
}

describe('changeReservation popup', () => {
  it('for a booking over several courts, asks whether every court changes; only this one by default', () => {
    const grouped = start({
      isAdmin: true,
      reservation: booking({ group_id: '22222222-2222-4222-8222-222222222222' }),
    });
    grouped.actor.send({ type: 'hour.change', hour: 12 });
    expect(changeRequest(grouped.actor.getSnapshot().context).body.whole_group).toBeUndefined();
    grouped.actor.send({ type: 'wholeGroup.change', wholeGroup: true });
    grouped.actor.send({ type: 'popup.submit' });
    expect(grouped.sent[0]?.body).toMatchObject({ start_time: 12, whole_group: true });

    const single = start({ isAdmin: true });
    single.actor.send({ type: 'wholeGroup.change', wholeGroup: true });
    expect(single.actor.getSnapshot().context.wholeGroup).toBe(false);
  });

  it('starts from the booking as it is', () => {
    const { actor } = start({ isAdmin: true, reservation: booking({ end_time: 12, label: 'Jugend' }) });
    expect(actor.getSnapshot().context).toMatchObject({
      court: 2,
      date: '2026-11-30',
      hour: 10,
      duration: 2,
      label: 'Jugend',
      scope: 'once',
    });
  });

  it('offers every opening hour as a start and labels the series choices like deletion', () => {
    expect(startHours(club)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(changeScopeOptions.map((o) => o.label)).toEqual([
      'Nur diesen Termin',
      'Diesen und alle folgenden',
      'Alle Termine',
    ]);
  });

  it('moves a player’s booking to another court, day and hour, one hour and without a label', () => {
    const { actor, sent } = start({ isAdmin: false });
    actor.send({ type: 'court.change', court: 3 });
    actor.send({ type: 'date.change', date: '2026-12-01' });
    actor.send({ type: 'hour.change', hour: 17 });
    actor.send({ type: 'duration.change', hours: 3 });
    actor.send({ type: 'label.change', label: 'Meins' });
    actor.send({ type: 'popup.submit' });
    expect(sent).toEqual([
      {
        reservationId: booking()._id,
        body: { club_id: CLUB_ID, court_num: '3', date: '2026-12-01', start_time: 17, end_time: 18 },
      },
    ]);
  });

  it('lets an admin change duration and label of a single booking', () => {
    const { actor, sent } = start({ isAdmin: true });
    actor.send({ type: 'duration.change', hours: 3 });
    actor.send({ type: 'label.change', label: '  Training  ' });
    actor.send({ type: 'popup.submit' });
    expect(sent[0]?.body).toEqual({
      club_id: CLUB_ID,
      court_num: '2',
      date: '2026-11-30',
      start_time: 10,
      end_time: 13,
      label: 'Training',
    });
  });

  it('shortens the duration when a later start would run past closing', () => {
    const { actor } = start({ isAdmin: true, reservation: booking({ start_time: 10, end_time: 14 }) });
    actor.send({ type: 'hour.change', hour: 18 });
    expect(actor.getSnapshot().context).toMatchObject({ hour: 18, duration: 2 });
  });

  it('ignores unknown courts, closed hours and half-typed dates', () => {
    const { actor } = start({ isAdmin: true });
    actor.send({ type: 'court.change', court: 5 });
    actor.send({ type: 'hour.change', hour: 20 });
    actor.send({ type: 'hour.change', hour: 7 });
    actor.send({ type: 'date.change', date: '2026-02-30' });
    actor.send({ type: 'date.change', date: '' });
    expect(actor.getSnapshot().context).toMatchObject({ court: 2, hour: 10, date: '2026-11-30' });
  });

  it.each(['once', 'once_and_future', 'all'] as const)(
    'changes a series as %s from the occurrence it was opened on',
    (scope) => {
      const series = booking({ recurring: true, date: '2026-11-02' });
      const { actor, sent } = start({ isAdmin: true, reservation: series, occurrenceDate: '2026-11-30' });
      expect(actor.getSnapshot().context.date).toBe('2026-11-30');
      actor.send({ type: 'scope.change', scope });
      actor.send({ type: 'hour.change', hour: 16 });
      actor.send({ type: 'popup.submit' });
      expect(sent[0]?.body).toEqual({
        club_id: CLUB_ID,
        court_num: '2',
        date: '2026-11-30',
        start_time: 16,
        end_time: 17,
        label: null,
        scope,
        occurrence_date: '2026-11-30',
      });
    },
  );

  it('sends nothing while the form still shows the booking as it is', () => {
    const { actor, sent } = start({ isAdmin: true, reservation: booking({ label: 'Jugend' }) });
    actor.send({ type: 'popup.submit' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'label.change', label: 'Senioren' });
    actor.send({ type: 'popup.submit' });
    expect(sent).toHaveLength(1);
  });

  it('keeps its controls locked while sending, then closes with the new list', async () => {
    const { actor, settle } = start({ isAdmin: false });
    actor.send({ type: 'hour.change', hour: 12 });
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    actor.send({ type: 'hour.change', hour: 14 });
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().context.hour).toBe(12);
    const moved = [booking({ start_time: 12, end_time: 13 })];
    settle().resolve(moved);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'saved', reservations: moved });
  });

  it('stays open with the new slot chosen on a refusal, the server’s German text held for its alert', async () => {
    const { actor, settle, failed } = start({ isAdmin: false });
    actor.send({ type: 'hour.change', hour: 17 });
    actor.send({ type: 'popup.submit' });
    const text = 'Platz 2 ist am Mo., 30.11.2026 um 17:00 Uhr gesperrt: Turnier';
    settle().reject(new ApiError(409, [], text));
    await waitFor(actor, (s) => !s.hasTag('sending'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context).toMatchObject({ refusal: text, hour: 17 });
    expect(failed).toEqual([text]);
    actor.send({ type: 'refusal.close' });
    expect(actor.getSnapshot().context).toMatchObject({ refusal: null, hour: 17 });
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });

  it('closes without a request when cancelled', () => {
    const { actor, sent } = start({ isAdmin: false });
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    expect(sent).toEqual([]);
  });
});
