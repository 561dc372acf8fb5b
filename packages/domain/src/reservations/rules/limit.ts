/**
 * A player's upcoming bookings stay within the club's limit (a missing limit counts as 0); where
 * the club counts co-players, bookings naming them count too. A change passes the club's bookings
 * without the one it changes, so that it does not count against its own limit.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { upcomingCount, type PlayContext } from '../../players/who-plays';
import * as texts from '../../texts';
import type { Club, Reservation } from '../../types';

export const withinLimit: BookingRule<{ club: Club; existing: readonly Reservation[]; play: PlayContext }> = {
  name: 'within-limit',
  about: 'slot',
  check: ({ actor, booker }, { club, existing, play }, now) => {
    if (actor.role === 'admin') return null;
    const limit = club.reservations_limit ?? 0;
    const own = existing.filter((r) => r.club_id === club._id);
    const upcoming = upcomingCount(own, booker, play.rules, now.date);
    return upcoming >= limit ? { kind: 'limit', message: texts.limitReached(limit) } : null;
  },
};
