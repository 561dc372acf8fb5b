/** Nobody books beyond the last bookable day, two years ahead (../limits). */
import type { BookingRule } from '../../booking-rules/rule';
import { formatDateDe } from '../../dates';
import { lastBookableDay } from '../limits';
import * as reservationTexts from '../texts';

export const notTooFarAhead: BookingRule<object> = {
  name: 'not-too-far-ahead',
  about: 'slot',
  check: ({ date }, _context, now) => {
    const last = lastBookableDay(now.date);
    return date <= last
      ? null
      : { kind: 'invalid', message: reservationTexts.tooFarAhead(formatDateDe(last)) };
  },
};
