/** The club's booking horizon binds players; admins plan the season ahead. */
import type { BookingRule } from '../../booking-rules/rule';
import { isBeyondHorizon, lastDayWithinHorizon } from '../../club-time';
import { formatDateDe } from '../../dates';
import type { Club } from '../../types';
import * as reservationTexts from '../texts';

export const withinHorizon: BookingRule<{ club: Club }> = {
  name: 'within-horizon',
  about: 'slot',
  check: ({ actor, date }, { club }, now) => {
    if (actor.role === 'admin' || !isBeyondHorizon(club, date, now)) return null;
    const last = lastDayWithinHorizon(club, now.date)!;
    return {
      kind: 'forbidden',
      message: reservationTexts.beyondHorizon(club.booking_horizon_days!, formatDateDe(last)),
    };
  },
};
