/**
 * A category with windows (Jugend: Mo–Fr until 18 Uhr) lets its members play only then: every hour
 * of the booking lies in one of them on its club-local weekday, for the booker and each named
 * member alike; the refusal names the person, their category and the windows.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { weekdayOf } from '../../dates';
import { categoryOf, memberIds, memberName, type PlayContext } from '../../players/who-plays';
import type { Club } from '../../types';
import { windowsText, withinWindows } from '../categories';
import * as categoryTexts from '../texts';

export const categoryWindows: BookingRule<{ club: Club; play: PlayContext }> = {
  name: 'category-windows',
  about: 'people',
  check: (booking, { club, play }) => {
    if (booking.actor.role === 'admin') return null;
    // ISO weekdays: Sunday is 7, where `weekdayOf` says 0.
    const weekday = weekdayOf(booking.date) || 7;
    for (const person of [booking.booker, ...memberIds(booking.players)]) {
      const { windows, name } = categoryOf(play, person);
      if (withinWindows(windows, weekday, booking.start_time, booking.end_time)) continue;
      return {
        kind: 'forbidden',
        message: categoryTexts.outsideWindows(
          memberName(play, person),
          name,
          windowsText(windows ?? [], club),
        ),
      };
    }
    return null;
  },
};
