/** Whole hours inside the club's opening hours, the start before the end. */
import type { BookingRule } from '../../booking-rules/rule';
import { isWithinOpeningHours } from '../../courts';
import type { Club } from '../../types';
import * as reservationTexts from '../texts';

export const openingHours: BookingRule<{ club: Club }> = {
  name: 'opening-hours',
  about: 'slot',
  check: ({ start_time, end_time }, { club }) =>
    isWithinOpeningHours(club, start_time, end_time)
      ? null
      : { kind: 'invalid', message: reservationTexts.outsideOpeningHours(club.start_hour, club.end_hour) },
};
