/**
 * The club's weekly quotas (docs/who-plays.md): for each quota whose window a player's booking
 * touches, the booker's and each named member's hours in that window in the booking's club week,
 * plus the booking's own, stay within `hours_per_week`. A booking at short notice ignores them, and
 * a person whose category is exempt (`quota_exempt`) counts to none.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { mondayOf } from '../../dates';
import type { Club, Reservation } from '../../types';
import { quotaWindowText } from '../play-rules';
import {
  categoryOf,
  hoursInWindow,
  isShortNotice,
  memberIds,
  memberName,
  quotaHours,
  type PlayContext,
} from '../who-plays';
import * as playerTexts from '../texts';

export const withinQuotas: BookingRule<{ club: Club; existing: readonly Reservation[]; play: PlayContext }> =
  {
    name: 'within-quotas',
    about: 'people',
    check: (booking, { club, existing, play }, now) => {
      const { rules } = play;
      if (booking.actor.role === 'admin' || !rules.quotas.length || booking.recurring) return null;
      if (isShortNotice(rules, club.time_zone, booking, now)) return null;
      const monday = mondayOf(booking.date);
      const people = [booking.booker, ...memberIds(booking.players)].filter(
        (person) => !categoryOf(play, person).quota_exempt,
      );
      for (const quota of rules.quotas) {
        const asked = hoursInWindow(booking, quota, booking.date);
        if (asked === 0) continue;
        for (const person of people) {
          if (quotaHours(existing, person, quota, monday) + asked <= quota.hours_per_week) continue;
          const name = person === booking.actor.user_id ? null : memberName(play, person);
          return {
            kind: 'forbidden',
            message: playerTexts.quotaExceeded(name, quotaWindowText(quota), quota.hours_per_week),
          };
        }
      }
      return null;
    },
  };
