/**
 * A club's courts and opening hours, asked the same way by bookings, the Warteliste, court blocks
 * and a change of the club's settings: one answer to "is there such a court" and "is that inside
 * the opening hours".
 */
import { isCourtNumber } from './shapes';
import type { Club } from './types';

/** A court the club has, in canonical digits: "01" and "1" would otherwise be two courts. */
export const isCourtOf = (club: Pick<Club, 'courts_count'>, court: string): boolean =>
  isCourtNumber(court) && Number(court) <= club.courts_count;

/** Whole hours from `start` to `end` inside the club's opening hours, the start before the end. */
export function isWithinOpeningHours(
  club: Pick<Club, 'start_hour' | 'end_hour'>,
  start: number,
  end: number,
): boolean {
  const wholeHours = Number.isInteger(start) && Number.isInteger(end);
  return wholeHours && start >= club.start_hour && end <= club.end_hour && start < end;
}

/** The answer for a court the club does not have: the same for bookings, the Warteliste and blocks. */
export const unknownCourtText = (courts: number): string =>
  `Diesen Platz gibt es nicht. Bitte wählen Sie einen Platz von 1 bis ${courts}.`;
