/** An hour that has begun is past: for admins too, the past-slot alert applies to them as well. */
import type { BookingRule } from '../../booking-rules/rule';
import { isPastSlot } from '../../dates';
import * as texts from '../../texts';

export const notPast: BookingRule<object> = {
  name: 'not-past',
  about: 'slot',
  check: ({ date, start_time }, _context, now) =>
    isPastSlot(date, start_time, now) ? { kind: 'past', message: texts.pastReservation } : null,
};
