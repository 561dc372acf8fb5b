/**
 * The read-model projection of reservations: the row a stream leaves, or null when it leaves none.
 * It is the decider's own fold (./state) seen through the row, so the live projection, a rebuild
 * and "Stand am" cannot drift apart from what the decider believes.
 */
import type { Reservation } from '../types';
import type { ReservationEvent } from './events';
import { activeReservation, evolveReservation, type ReservationState } from './state';

/**
 * A row seen as the decider's state. Who left a booking is no part of its row, and no row is decided
 * on from here: the row a fold leaves is all that is read of it.
 */
const asState = (row: Reservation | null): ReservationState =>
  row === null ? { status: 'none' } : { status: 'active', reservation: row, left: [] };

export function evolve(row: Reservation | null, event: ReservationEvent): Reservation | null {
  return activeReservation(evolveReservation(asState(row), event));
}

/**
 * Folds events of many streams in order into the rows that exist afterwards, keyed by stream id.
 * Pass the events up to some position to see the reservations as they were then.
 */
export function replay(events: Iterable<ReservationEvent>): Map<string, Reservation> {
  return replayInto(new Map<string, Reservation>(), events);
}

/** `replay` continued: folds further events, in order, into rows an earlier fold left. */
export function replayInto(
  rows: Map<string, Reservation>,
  events: Iterable<ReservationEvent>,
): Map<string, Reservation> {
  for (const event of events) {
    const next = evolve(rows.get(event.reservation_id) ?? null, event);
    if (next === null) rows.delete(event.reservation_id);
    else rows.set(event.reservation_id, next);
  }
  return rows;
}
