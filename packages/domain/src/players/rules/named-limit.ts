/**
 * With `co_players_count`, a member a player's booking names needs room in their own limit: their
 * category's, else the club's.
 */
import type { BookingRule } from '../../booking-rules/rule';
import type { Club, Reservation } from '../../types';
import { categoryOf, limitOf, memberIds, memberName, upcomingCount, type PlayContext } from '../who-plays';
import * as playerTexts from '../texts';

export const namedWithinLimit: BookingRule<{
  club: Club;
  existing: readonly Reservation[];
  play: PlayContext;
}> = {
  name: 'named-within-limit',
  about: 'people',
  check: ({ actor, players }, { club, existing, play }, now) => {
    // Admins' bookings skip limits and quotas, as they always did.
    if (actor.role === 'admin' || !play.rules.co_players_count) return null;
    for (const id of memberIds(players)) {
      const limit = limitOf(play, club, id);
      if (limit === null || upcomingCount(existing, id, play.rules, now.date) < limit) continue;
      const category = categoryOf(play, id);
      const message =
        category.reservations_limit === undefined
          ? playerTexts.memberLimitReached(memberName(play, id), limit)
          : playerTexts.categoryLimitReached(memberName(play, id), category.name, limit, true);
      return { kind: 'forbidden', message };
    }
    return null;
  },
};
