import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@platzbuchung/ui/api/client';
import type { Reservation } from '@platzbuchung/domain/types';
import type { MakeReservationBody } from '../src/shared/reservations-api';
import { pendingRequest as pendingBody } from './pending-request';
import {
  durationOptions,
  makeReservationMachine,
  type MakeReservationInput,
} from '../src/features/booking/make-reservation-machine';

const slot = { court: 3, date: '2026-11-23', hour: 9 };
const input = (isAdmin: boolean, hour = 9, play: PlayRules = DEFAULT_PLAY_RULES): MakeReservationInput => ({
  play,
  slot: { ...slot, hour },
  isAdmin,
  clubId: '11111111-1111-4111-8111-111111111111',
  userId: '22222222-2222-4222-8222-222222222222',
  endHour: 22,
  courtsCount: 6,
  limit: 3,
  timeZone: 'Europe/Berlin',
});
const saved: Reservation[] = [
  {
    _id: 'r1',
    club_id: 'c',
    user_id: 'u',
    court_num: '3',
    start_time: 9,
    end_time: 10,
    date: slot.date,
    recurring: false,
    deleted_dates: [],
  },
];

/** A controllable request; tests compare the bodies it was asked to send. */
const pendingRequest = () =>
  pendingBody<{ body: MakeReservationBody }, MakeReservationBody>((request) => request.body);

function start(machineInput: MakeReservationInput, submit = pendingRequest().submit) {
  const actor = createActor(makeReservationMachine.provide({ actors: { submit } }), {
    input: machineInput,
  }).start();
  return { actor };
}

describe('makeReservation popup', () => {
  it('offers admins 1 to 10 hours, and never past closing time', () => {
    expect(durationOptions({ hour: 8 }, 22)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(durationOptions({ hour: 19 }, 22)).toEqual([1, 2, 3]);
    expect(durationOptions({ hour: 21 }, 22)).toEqual([1]);
  });

  it('starts with one hour, no label, not repeated', () => {
    const { actor } = start(input(true));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ duration: 1, label: '', recurring: false });
  });

  it('sends an admin’s duration, trimmed label and weekly repeat', () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    actor.send({ type: 'duration.change', hours: 3 });
    actor.send({ type: 'label.change', label: '  Medenspiel  ' });
    actor.send({ type: 'recurring.change', recurring: true });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toEqual([
      {
        club_id: input(true).clubId,
        user_id: input(true).userId,
        court_num: '3',
        start_time: 9,
        end_time: 12,
        date: '2026-11-23',
        label: 'Medenspiel',
        recurring: true,
      },
    ]);
  });

  it('refuses durations outside the offered ones and cuts labels at 40 characters', () => {
    const { actor } = start(input(true, 20));
    actor.send({ type: 'duration.change', hours: 5 });
    expect(actor.getSnapshot().context.duration).toBe(1);
    actor.send({ type: 'duration.change', hours: 2 });
    expect(actor.getSnapshot().context.duration).toBe(2);
    actor.send({ type: 'label.change', label: 'x'.repeat(55) });
    expect(actor.getSnapshot().context.label).toHaveLength(40);
  });

  it('gives a player one hour: duration, label and repeat are ignored', () => {
    const request = pendingRequest();
    const { actor } = start(input(false), request.submit);
    actor.send({ type: 'duration.change', hours: 4 });
    actor.send({ type: 'label.change', label: 'Training' });
    actor.send({ type: 'recurring.change', recurring: true });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).toMatchObject({ start_time: 9, end_time: 10, recurring: false });
    expect(request.sent[0]).not.toHaveProperty('label');
  });

  it('is sending while the request runs, and ignores edits and cancel meanwhile', () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    actor.send({ type: 'duration.change', hours: 2 });
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    expect(actor.getSnapshot().context.duration).toBe(1);
  });

  it('closes with the refreshed list when the request succeeds', async () => {
    const request = pendingRequest();
    const { actor } = start(input(false), request.submit);
    actor.send({ type: 'popup.submit' });
    request.settle().resolve(saved);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'saved', reservations: saved });
    expect(request.refused).toEqual([]);
  });

  it('stays open with everything chosen on a refusal, the server’s text held for its alert', async () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    actor.send({ type: 'duration.change', hours: 3 });
    actor.send({ type: 'label.change', label: 'Training' });
    actor.send({ type: 'court.toggle', court: 4, checked: true });
    actor.send({ type: 'popup.submit' });
    const text = 'Platz 3 ist am Mo., 23.11.2026 um 09:00 Uhr bereits reserviert.';
    request.settle().reject(new ApiError(409, [], text));
    await waitFor(actor, (s) => !s.hasTag('sending'));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      refusal: text,
      duration: 3,
      label: 'Training',
      courts: [3, 4],
    });
    expect(request.refused).toEqual([text]);

    // Closing the alert leaves the popup as it was; sending again asks the same.
    actor.send({ type: 'refusal.close' });
    expect(actor.getSnapshot().context).toMatchObject({ refusal: null, duration: 3, label: 'Training' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent).toHaveLength(2);
    expect(request.sent[1]).toEqual(request.sent[0]);
    request.settle().resolve(saved);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'saved', reservations: saved });
  });

  it('closes without a request when cancelled', () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    expect(request.sent).toEqual([]);
  });

  it('lets an admin tick several courts: one booking each, sent as court_nums', () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    expect(actor.getSnapshot().context.courts).toEqual([3]);
    actor.send({ type: 'court.toggle', court: 1, checked: true });
    actor.send({ type: 'court.toggle', court: 2, checked: true });
    actor.send({ type: 'court.toggle', court: 7, checked: true });
    actor.send({ type: 'recurring.change', recurring: true });
    actor.send({ type: 'label.change', label: 'Training' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).toMatchObject({
      court_nums: ['1', '2', '3'],
      label: 'Training',
      recurring: true,
    });
    expect(request.sent[0]).not.toHaveProperty('court_num');
  });

  it('never leaves an admin with no court ticked, and sends one court as court_num', () => {
    const request = pendingRequest();
    const { actor } = start(input(true), request.submit);
    actor.send({ type: 'court.toggle', court: 3, checked: false });
    expect(actor.getSnapshot().context.courts).toEqual([3]);
    actor.send({ type: 'court.toggle', court: 5, checked: true });
    actor.send({ type: 'court.toggle', court: 3, checked: false });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).toMatchObject({ court_num: '5' });
    expect(request.sent[0]).not.toHaveProperty('court_nums');
  });

  it('books a player only the clicked court', () => {
    const request = pendingRequest();
    const { actor } = start(input(false), request.submit);
    actor.send({ type: 'court.toggle', court: 1, checked: true });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).toMatchObject({ court_num: '3' });
  });
});

describe('makeReservation popup when the slot is taken meanwhile', () => {
  it('refuses to send while taken, and sends again once the slot is free', () => {
    const request = pendingRequest();
    const { actor } = start(input(false), request.submit);
    actor.send({ type: 'slot.taken' });
    expect(actor.getSnapshot().context.taken).toBe(true);
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(request.sent).toEqual([]);
    actor.send({ type: 'slot.freed' });
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(request.sent).toHaveLength(1);
  });

  it('leaves a request under way to the server’s answer', () => {
    const request = pendingRequest();
    const { actor } = start(input(false), request.submit);
    actor.send({ type: 'popup.submit' });
    actor.send({ type: 'slot.taken' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.taken).toBe(false);
  });
});

describe('makeReservation popup, booking for a child (docs/who-plays.md, "Families")', () => {
  const lena = { _id: 'c1', first_name: 'Lena', last_name: 'Graf', birth_year: 2014, category: 'Jugend' };

  function startWithChildren() {
    const request = pendingRequest();
    const loadChildren = fromPromise<readonly (typeof lena)[]>(async () => [lena]);
    const actor = createActor(
      makeReservationMachine.provide({ actors: { submit: request.submit, loadChildren } }),
      { input: input(false) },
    ).start();
    return { actor, request };
  }

  it('offers the children once loaded and sends the chosen one as on_behalf_of', async () => {
    const { actor, request } = startWithChildren();
    await waitFor(actor, (s) => s.context.children.length === 1);
    expect(actor.getSnapshot().context.forChild).toBeNull();
    actor.send({ type: 'for.change', childId: 'c1' });
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).toMatchObject({ court_num: '3', on_behalf_of: 'c1' });
  });

  it('books for the member themself by default, and takes no id that is not a child', async () => {
    const { actor, request } = startWithChildren();
    await waitFor(actor, (s) => s.context.children.length === 1);
    actor.send({ type: 'for.change', childId: 'someone-else' });
    expect(actor.getSnapshot().context.forChild).toBeNull();
    actor.send({ type: 'popup.submit' });
    expect(request.sent[0]).not.toHaveProperty('on_behalf_of');
  });

  it('knows no children where the view does not load them', () => {
    const { actor } = start(input(false));
    expect(actor.getSnapshot().context.children).toEqual([]);
  });
});
