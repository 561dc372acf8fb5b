/**
 * A member of a category that may not book (Passiv) neither books nor is named as a co-player; the
 * refusal names them and their category. Admins' bookings are the club's and skip it, as they skip
 * limits and quotas.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { categoryOf, memberIds, memberName, type PlayContext } from '../../players/who-plays';
import * as categoryTexts from '../texts';

export const categoryCanBook: BookingRule<{ play: PlayContext }> = {
  name: 'category-can-book',
  about: 'people',
  check: ({ actor, booker, players }, { play }) => {
    if (actor.role === 'admin') return null;
    const own = categoryOf(play, booker);
    if (!own.can_book) {
      return { kind: 'forbidden', message: categoryTexts.cannotBook(memberName(play, booker), own.name) };
    }
    for (const id of memberIds(players)) {
      const category = categoryOf(play, id);
      if (!category.can_book) {
        return { kind: 'forbidden', message: categoryTexts.cannotPlay(memberName(play, id), category.name) };
      }
    }
    return null;
  },
};
