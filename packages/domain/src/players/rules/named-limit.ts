/** With `co_players_count`, a member a player's booking names needs room in their own limit. */
import type { BookingRule } from '../../booking-rules/rule';
import type { Club, Reservation } from '../../types';
import { memberIds, memberName, upcomingCount, type PlayContext } from '../who-plays';
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
    const limit = club.reservations_limit;
    for (const id of memberIds(players)) {
      if (upcomingCount(existing, id, play.rules, now.date) >= limit) {
        return { kind: 'forbidden', message: playerTexts.memberLimitReached(memberName(play, id), limit) };
      }
    }
    return null;
  },
};
