/**
 * One fold for everything: the live projection, a rebuild of the read model, and the grid as it was
 * at some earlier position all apply these same steps, so they cannot drift apart.
 */
import type { Reservation } from '../types';
import type { ReservationEvent, ReservationMade } from './events';

/** The read-model row exactly as SPEC section 3 has it; absent optionals are stored as null. */
function madeRow(event: ReservationMade): Reservation {
  const { data } = event;
  return {
    _id: event.reservation_id,
    club_id: data.club_id,
    user_id: data.user_id,
    court_num: data.court_num,
    start_time: data.start_time,
    end_time: data.end_time,
    date: data.date,
    label: data.label ?? null,
    recurring: data.recurring,
    deleted_dates: [],
    end_date: null,
  };
}

export function evolve(state: Reservation | null, event: ReservationEvent): Reservation | null {
  switch (event.type) {
    case 'ReservationMade':
      return madeRow(event);
    case 'OccurrenceCancelled':
      if (state === null || state.deleted_dates.includes(event.data.date)) return state;
      // Kept sorted: one canonical order makes rows comparable (rebuild vs. live) and lists readable.
      return { ...state, deleted_dates: [...state.deleted_dates, event.data.date].sort() };
    case 'SeriesEnded':
      return state === null ? null : { ...state, end_date: event.data.end_date };
    case 'ReservationCancelled':
      return null;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown reservation event: ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * Folds events of many streams in order into the rows that exist afterwards, keyed by stream id.
 * Pass the events up to some position to see the reservations as they were then.
 */
export function replay(events: Iterable<ReservationEvent>): Map<string, Reservation> {
  const rows = new Map<string, Reservation>();
  for (const event of events) {
    const next = evolve(rows.get(event.reservation_id) ?? null, event);
    if (next === null) rows.delete(event.reservation_id);
    else rows.set(event.reservation_id, next);
  }
  return rows;
}
