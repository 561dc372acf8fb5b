/**
 * The read-only day grid of "Stand am": courts × hours of the club, each cell naming who held it.
 * Reservations outside today's courts or hours (the club had more courts then) widen the grid
 * rather than vanish, so the past is never shown shorter than it was.
 */
import { occursOn } from '@platzbuchung/domain/reservations/recurrence';
import type { Club, IsoDate, Reservation } from '@platzbuchung/domain/types';
import { holderName, type UsersById } from '../../shared/names';

export interface GridCell {
  reservationId: string;
  /** The label if set, otherwise "S. Graf". */
  text: string;
  recurring: boolean;
}

export interface DayGrid {
  courts: number[];
  hours: number[];
  /** Key `${court}:${hour}`. */
  cells: Map<string, GridCell>;
}

export const cellKey = (court: number, hour: number) => `${court}:${hour}`;

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

export function buildDayGrid(
  reservations: readonly Reservation[],
  day: IsoDate,
  club: Pick<Club, 'courts_count' | 'start_hour' | 'end_hour'>,
  users: UsersById,
): DayGrid {
  const onDay = reservations.filter((r) => occursOn(r, day));
  const courtsCount = Math.max(club.courts_count, ...onDay.map((r) => Number(r.court_num)));
  const startHour = Math.min(club.start_hour, ...onDay.map((r) => r.start_time));
  const endHour = Math.max(club.end_hour, ...onDay.map((r) => r.end_time));
  const cells = new Map<string, GridCell>();
  for (const reservation of onDay) {
    const text = reservation.label?.trim() || holderName(users.get(reservation.user_id));
    for (let hour = reservation.start_time; hour < reservation.end_time; hour++) {
      cells.set(cellKey(Number(reservation.court_num), hour), {
        reservationId: reservation._id,
        text,
        recurring: reservation.recurring,
      });
    }
  }
  return { courts: range(1, courtsCount + 1), hours: range(startHour, endHour), cells };
}
