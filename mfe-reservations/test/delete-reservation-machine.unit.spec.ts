import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '@platzbuchung/ui/api/client';
import {
  deleteOptions,
  deleteReservationMachine,
  type DeleteRequest,
} from '../src/features/booking/delete-reservation-machine';
import type { DeleteSlot } from '../src/shared/popup/slot-click';
import { pendingRequest } from './pending-request';

const slot = (recurring: boolean): DeleteSlot => ({
  court: 2,
  date: '2026-11-30',
  hour: 10,
  reservation_id: '33333333-3333-4333-8333-333333333333',
  recurring,
});

function start(recurring: boolean, groupId?: string) {
  const { sent, submit, settle, refused: failed } = pendingRequest<DeleteRequest>();
  const actor = createActor(
    deleteReservationMachine.provide({
      actors: { submit },
    }),
    { input: { slot: groupId ? { ...slot(recurring), group_id: groupId } : slot(recurring) } },
  ).start();
  return { actor, sent, failed, settle };
}

describe('deleteReservation popup', () => {
  it('labels the three choices in German', () => {
    expect(deleteOptions.map((o) => [o.value, o.label])).toEqual([
      ['once', 'Nur diesen Termin'],
      ['once_and_future', 'Diesen und alle folgenden'],
      ['all', 'Alle Termine'],
    ]);
  });

  it('deletes a single reservation as a whole, whatever is chosen', () => {
    const { actor, sent } = start(false);
    actor.send({ type: 'deleteType.change', deleteType: 'once' });
    actor.send({ type: 'popup.submit' });
    expect(sent).toEqual([
      {
        reservationId: slot(false).reservation_id,
        body: { form_method: 'delete', date: '2026-11-30', delete_type: 'all' },
      },
    ]);
  });

  it.each(['once', 'once_and_future', 'all'] as const)(
    'deletes a recurring reservation as %s on the chosen date',
    (deleteType) => {
      const { actor, sent } = start(true);
      expect(actor.getSnapshot().context.deleteType).toBe('once');
      actor.send({ type: 'deleteType.change', deleteType });
      actor.send({ type: 'popup.submit' });
      expect(sent[0]?.body).toEqual({ form_method: 'delete', date: '2026-11-30', delete_type: deleteType });
    },
  );

  it('asks for a booking over several courts whether all of them go, only this one by default', () => {
    const { actor, sent } = start(true, 'g1');
    expect(actor.getSnapshot().context.wholeGroup).toBe(false);
    actor.send({ type: 'wholeGroup.change', wholeGroup: true });
    actor.send({ type: 'deleteType.change', deleteType: 'all' });
    actor.send({ type: 'popup.submit' });
    expect(sent[0]?.body).toEqual({
      form_method: 'delete',
      date: '2026-11-30',
      delete_type: 'all',
      whole_group: true,
    });
  });

  it('deletes only this court of a group unless told otherwise, and ignores the choice elsewhere', () => {
    const grouped = start(false, 'g1');
    grouped.actor.send({ type: 'popup.submit' });
    expect(grouped.sent[0]?.body).not.toHaveProperty('whole_group');
    const single = start(false);
    single.actor.send({ type: 'wholeGroup.change', wholeGroup: true });
    expect(single.actor.getSnapshot().context.wholeGroup).toBe(false);
  });

  it('keeps its controls locked while sending, then closes on success', async () => {
    const { actor, settle } = start(true);
    actor.send({ type: 'popup.submit' });
    expect(actor.getSnapshot().hasTag('sending')).toBe(true);
    actor.send({ type: 'deleteType.change', deleteType: 'all' });
    actor.send({ type: 'popup.cancel' });
    expect(actor.getSnapshot().context.deleteType).toBe('once');
    settle().resolve([]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'saved', reservations: [] });
  });

  it('closes on a refusal and reports its text as received', async () => {
    const { actor, settle, failed } = start(false);
    actor.send({ type: 'popup.submit' });
    const text = 'Sie können nur Ihre eigenen Reservierungen löschen.';
    settle().reject(new ApiError(403, [], text));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'failed', error: text });
    expect(failed).toEqual([text]);
  });

  it('closes on a network failure with the network text', async () => {
    const { actor, settle } = start(false);
    actor.send({ type: 'popup.submit' });
    settle().reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toMatchObject({ outcome: 'failed' });
  });
});
