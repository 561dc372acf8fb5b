/**
 * The read-only day grid of "Stand am": courts × hours of the club, each cell naming who held it.
 * Reservations outside today's courts or hours (the club had more courts then) widen the grid
 * rather than vanish, so the past is never shown shorter than it was.
 */
import { ERASED_MEMBER } from '@platzbuchung/domain/names';
import {
  numbersFrom,
  reservationsBySlot,
  slotKey,
  slotText,
} from '@platzbuchung/domain/reservations/day-slots';
import type { Club, IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { UsersById } from '../../shared/names';

interface GridCell {
  reservationId: string;
  /** The label if set, otherwise "S. Graf". */
  text: string;
  recurring: boolean;
}

interface DayGrid {
  courts: number[];
  hours: number[];
  /** Key `slotKey(court, hour)`. */
  cells: Map<string, GridCell>;
}

export const cellKey = slotKey;

export function buildDayGrid(
  reservations: readonly Reservation[],
  day: IsoDate,
  club: Pick<Club, 'courts_count' | 'start_hour' | 'end_hour'>,
  users: UsersById,
): DayGrid {
  const bySlot = reservationsBySlot(reservations, day);
  const onDay = [...new Set(bySlot.values())];
  const courtsCount = Math.max(club.courts_count, ...onDay.map((r) => Number(r.court_num)));
  const startHour = Math.min(club.start_hour, ...onDay.map((r) => r.start_time));
  const endHour = Math.max(club.end_hour, ...onDay.map((r) => r.end_time));
  const cells = new Map<string, GridCell>();
  for (const [key, reservation] of bySlot) {
    cells.set(key, {
      reservationId: reservation._id,
      // `users` holds every member of any status: a holder not among them was erased.
      text: slotText(reservation, users, ERASED_MEMBER),
      recurring: reservation.recurring,
    });
  }
  return { courts: numbersFrom(1, courtsCount + 1), hours: numbersFrom(startHour, endHour), cells };
}
