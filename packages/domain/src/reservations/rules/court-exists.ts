/** A court the club has (../../courts). */
import type { BookingRule } from '../../booking-rules/rule';
import { isCourtOf } from '../../courts';
import type { Club } from '../../types';
import * as reservationTexts from '../texts';

export const courtExists: BookingRule<{ club: Club }> = {
  name: 'court-exists',
  about: 'slot',
  check: ({ court_num }, { club }) =>
    isCourtOf(club, court_num)
      ? null
      : { kind: 'invalid', message: reservationTexts.unknownCourt(club.courts_count) },
};
