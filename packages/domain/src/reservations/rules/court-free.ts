/** No other booking of the club takes place on the court at those hours, on any date the booking has. */
import type { BookingRule } from '../../booking-rules/rule';
import type { Reservation } from '../../types';
import { findConflict } from '../../conflicts';
import * as reservationTexts from '../texts';

export const courtFree: BookingRule<{ existing: readonly Reservation[] }> = {
  name: 'court-free',
  about: 'slot',
  check: (booking, { existing }, now) => {
    const conflict = findConflict(booking, existing, now.date);
    if (!conflict) return null;
    const message = reservationTexts.conflict(booking.court_num, conflict.date, conflict.hour);
    return { kind: 'conflict', message };
  },
};
