/**
 * Changing a club's courts and hours must not strand reservations that are still to come: a court
 * that no longer exists or an hour outside the new opening times would leave a booking nobody can
 * see or cancel in the grid.
 */
import type { ClubCoreSettings } from '../schemas';
import { isCourtOf, isWithinOpeningHours } from '../courts';
import { compareIso } from '../dates';
import { nextOccurrence } from '../recurrence';
import type { IsoDate, Reservation } from '../types';

export interface StrandedReservation {
  reservation: Reservation;
  /** The first occurrence on or after today that the new settings would no longer hold. */
  next_date: IsoDate;
  reason: 'court' | 'hours';
}

function fits(reservation: Reservation, settings: ClubCoreSettings): StrandedReservation['reason'] | null {
  if (!isCourtOf(settings, reservation.court_num)) return 'court';
  if (!isWithinOpeningHours(settings, reservation.start_time, reservation.end_time)) return 'hours';
  return null;
}

export function strandedReservations(
  reservations: readonly Reservation[],
  settings: ClubCoreSettings,
  today: IsoDate,
): StrandedReservation[] {
  const stranded: StrandedReservation[] = [];
  for (const reservation of reservations) {
    const reason = fits(reservation, settings);
    if (reason === null) continue;
    const next = nextOccurrence(reservation, today);
    if (next !== null) stranded.push({ reservation, next_date: next, reason });
  }
  return stranded.sort(
    (a, b) => compareIso(a.next_date, b.next_date) || a.reservation.start_time - b.reservation.start_time,
  );
}
