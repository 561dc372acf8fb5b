/** Without a limit of the club's own, nobody books further ahead than two years (a typo like 9999 included). */
import type { BookingRule } from '../../booking-rules/rule';
import { formatDateDe } from '../../dates';
import type { IsoDate } from '../../types';
import * as reservationTexts from '../texts';

export const MAX_YEARS_AHEAD = 2;

/** The last day that may be booked: the same calendar day `MAX_YEARS_AHEAD` years after today. */
export function lastBookableDay(today: IsoDate): IsoDate {
  return `${Number(today.slice(0, 4)) + MAX_YEARS_AHEAD}${today.slice(4)}`;
}

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
