/** Whole hours inside the club's opening hours, the start before the end. */
import type { BookingRule } from '../../booking-rules/rule';
import type { Club } from '../../types';
import * as reservationTexts from '../texts';

function isWithinOpeningHours(start: number, end: number, club: Club): boolean {
  const wholeHours = Number.isInteger(start) && Number.isInteger(end);
  return wholeHours && start >= club.start_hour && end <= club.end_hour && start < end;
}

export const openingHours: BookingRule<{ club: Club }> = {
  name: 'opening-hours',
  about: 'slot',
  check: ({ start_time, end_time }, { club }) =>
    isWithinOpeningHours(start_time, end_time, club)
      ? null
      : { kind: 'invalid', message: reservationTexts.outsideOpeningHours(club.start_hour, club.end_hour) },
};
