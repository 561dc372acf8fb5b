/** A court the club has, in canonical digits: "01" and "1" would otherwise be two courts. */
import type { BookingRule } from '../../booking-rules/rule';
import { isCourtNumber } from '../../shapes';
import type { Club } from '../../types';
import * as reservationTexts from '../texts';

export const courtExists: BookingRule<{ club: Club }> = {
  name: 'court-exists',
  about: 'slot',
  check: ({ court_num }, { club }) =>
    isCourtNumber(court_num) && Number(court_num) <= club.courts_count
      ? null
      : { kind: 'invalid', message: reservationTexts.unknownCourt(club.courts_count) },
};
