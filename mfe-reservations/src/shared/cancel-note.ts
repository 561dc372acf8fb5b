/**
 * Until when a player may still cancel a booking of the club's grid, for every screen of this remote.
 */
import {
  cancelDeadline,
  formatWallClockDe,
  mayStillCancel,
  type ClubTimeRules,
} from '@platzbuchung/domain/club-time';
import type { LocalMoment } from '@platzbuchung/domain/dates';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import type { IsoDate } from '@platzbuchung/domain/types';

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
