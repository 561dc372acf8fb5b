/** A date that exists, as `YYYY-MM-DD`. */
import type { BookingRule } from '../../booking-rules/rule';
import { isIsoDate } from '../../dates';
import * as reservationTexts from '../texts';

export const validDate: BookingRule<object> = {
  name: 'valid-date',
  about: 'slot',
  check: ({ date }) => (isIsoDate(date) ? null : { kind: 'invalid', message: reservationTexts.invalidDate }),
};
