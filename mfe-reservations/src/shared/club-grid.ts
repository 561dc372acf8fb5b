/**
 * What every screen of this remote needs to know of the club's grid: its hours and courts, and
 * until when a player may still cancel a booking of it.
 */
import {
  cancelDeadline,
  formatWallClockDe,
  mayStillCancel,
  type ClubTimeRules,
} from '@platzbuchung/domain/club-time';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import { numbersFrom } from '@platzbuchung/domain/reservations/day-slots';
import { reservationTexts } from '@platzbuchung/domain/reservations/texts';
import type { Club, IsoDate } from '@platzbuchung/domain/types';

export const gridHours = (club: Pick<Club, 'start_hour' | 'end_hour'>): number[] =>
  numbersFrom(club.start_hour, club.end_hour);

export const gridCourts = (club: Pick<Club, 'courts_count'>): number[] =>
  numbersFrom(1, club.courts_count + 1);

/**
 * Until when a player may still cancel or move their own booking of `date` at `hour`, for the
 * popup: "Stornieren bis Di., 24.11.2026, 17:00 Uhr", or the refusal once the deadline has passed.
 * Admins are not bound by it (null).
 */
export function cancelNote(
  club: Pick<ClubTimeRules, 'time_zone' | 'cancel_deadline_hours'>,
  date: IsoDate,
  hour: number,
  now: LocalMoment,
  isAdmin: boolean,
): { text: string; open: boolean } | null {
  if (isAdmin) return null;
  const until = formatWallClockDe(cancelDeadline(club, date, hour));
  return mayStillCancel(club, date, hour, now)
    ? { text: reservationTexts.cancelUntil(until), open: true }
    : { text: reservationTexts.pastCancelDeadline(club.cancel_deadline_hours, until), open: false };
}
