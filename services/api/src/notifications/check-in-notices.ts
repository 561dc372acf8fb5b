/**
 * A released hour (docs/check-in.md): the booker and every named member hear that it was given
 * back because nobody checked in. The Warteliste hears of it through its own rules, like any
 * freed hour (./waitlist-notices).
 */
import { memberIds } from '@platzbuchung/domain/players/who-plays';
import { bookingBefore, clubName, ruleSet, slotOf } from './booking-facts';

export const checkInRules = ruleSet(['booking-released'], {
  ReservationReleased: async (event, { db }) => {
    if (event.type !== 'ReservationReleased') return [];
    const before = await bookingBefore(db, event);
    if (!before) return [];
    const facts = {
      kind: 'booking-released' as const,
      clubName: await clubName(db, event.club_id),
      // The one date given back, not the series.
      slot: slotOf({ ...before, recurring: false }, event.data.date),
    };
    const people = [before.user_id, ...memberIds(before.co_players ?? [])];
    return [...new Set(people)].map((userId) => ({ userId, facts }));
  },
});
