/**
 * A deactivated member keeps their bookings; the admin sees how many are still to come and may
 * cancel them all. Each becomes an ordinary deletion (reservations/delete-reservation), so every
 * cancellation is its own event and a series keeps the weeks that already took place.
 */
import { addDays, compareIso, type LocalMoment } from '../dates';
import { hasBegun, type DeleteReservation } from '../reservations/delete-reservation';
import type { Actor } from '../decider';
import { nextOccurrence } from '../recurrence';
import type { IsoDate, Reservation } from '../types';

export interface UpcomingBooking {
  reservation: Reservation;
  /** Its next occurrence that has not begun yet. */
  next_date: IsoDate;
}

/** The next occurrence of a booking that has not begun at `now`, or null when none is left. */
export function nextUpcomingDate(reservation: Reservation, now: LocalMoment): IsoDate | null {
  const next = nextOccurrence(reservation, now.date);
  if (next === null || !hasBegun(next, reservation.start_time, now)) return next;
  return nextOccurrence(reservation, addDays(next, 1));
}

/** The member's bookings with an occurrence still to come (a series counts once). */
export function upcomingBookingsOf(
  reservations: readonly Reservation[],
  userId: string,
  now: LocalMoment,
): UpcomingBooking[] {
  const upcoming: UpcomingBooking[] = [];
  for (const reservation of reservations) {
    if (reservation.user_id !== userId) continue;
    const next_date = nextUpcomingDate(reservation, now);
    if (next_date !== null) upcoming.push({ reservation, next_date });
  }
  return upcoming.sort(
    (a, b) => compareIso(a.next_date, b.next_date) || a.reservation.start_time - b.reservation.start_time,
  );
}

/**
 * The deletion that takes one booking's future away: a single booking whole; a series from its
 * next occurrence on, which keeps the past weeks (or cancels it whole when none lie behind).
 */
export function cancellationOf(booking: UpcomingBooking, actor: Actor): DeleteReservation {
  return {
    type: 'DeleteReservation',
    reservation_id: booking.reservation._id,
    actor,
    date: booking.next_date,
    delete_type: booking.reservation.recurring ? 'once_and_future' : 'all',
  };
}
