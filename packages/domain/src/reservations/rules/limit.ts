/**
 * A player's upcoming bookings stay within their category's limit, else the club's (a missing limit
 * counts as 0; a category without one has none); where
 * the club counts co-players, bookings naming them count too. A change passes the club's bookings
 * without the one it changes, so that it does not count against its own limit.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { categoryOf, limitOf, memberName, upcomingCount, type PlayContext } from '../../players/who-plays';
import * as playerTexts from '../../players/texts';
import * as texts from '../../texts';
import type { Club, Reservation } from '../../types';

export const withinLimit: BookingRule<{ club: Club; existing: readonly Reservation[]; play: PlayContext }> = {
  name: 'within-limit',
  about: 'slot',
  check: ({ actor, booker }, { club, existing, play }, now) => {
    if (actor.role === 'admin') return null;
    const limit = limitOf(play, club, booker);
    if (limit === null) return null;
    const own = existing.filter((r) => r.club_id === club._id);
    const upcoming = upcomingCount(own, booker, play.rules, now.date);
    if (upcoming < limit) return null;
    const category = categoryOf(play, booker);
    // The club's own limit keeps the sentence every club knows; a category's names it.
    const message =
      category.reservations_limit === undefined
        ? texts.limitReached(limit)
        : playerTexts.categoryLimitReached(memberName(play, booker), category.name, limit, false);
    return { kind: 'limit', message };
  },
};
