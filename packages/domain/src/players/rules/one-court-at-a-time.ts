/**
 * A person plays on one court at a time (docs/who-plays.md): the booker and each named member,
 * against every booking they play in at an overlapping hour. An admin's booking is a game only
 * when it names players; a club that names nobody keeps its old rule, two courts at once.
 */
import type { BookingRule } from '../../booking-rules/rule';
import { firstCommonOccurrence } from '../../conflicts';
import type { Club, Reservation } from '../../types';
import { involves, isPlay, memberIds, memberName, type PlayContext } from '../who-plays';
import * as playerTexts from '../texts';

export const oneCourtAtATime: BookingRule<{
  club: Club;
  existing: readonly Reservation[];
  play: PlayContext;
}> = {
  name: 'one-court-at-a-time',
  about: 'people',
  check: (booking, { existing, play }, now) => {
    if (booking.actor.role === 'admin' && booking.players.length === 0) return null;
    if (play.rules.co_players === 'off') return null;
    const people = [booking.booker, ...memberIds(booking.players)];
    // The booking's own dates as asked, not a series' cancelled ones: a game elsewhere on any of them counts.
    const slot = { ...booking, deleted_dates: [], end_date: null };
    for (const other of existing) {
      if (!isPlay(other) || other.club_id !== booking.club_id) continue;
      const overlaps = other.start_time < booking.end_time && booking.start_time < other.end_time;
      if (!overlaps) continue;
      const who = people.find((person) => involves(other, person));
      if (who === undefined) continue;
      const date = firstCommonOccurrence(slot, other, now.date);
      if (date === null) continue;
      const name = who === booking.actor.user_id ? null : memberName(play, who);
      const hour = Math.max(other.start_time, booking.start_time);
      return { kind: 'conflict', message: playerTexts.playsElsewhere(name, other.court_num, date, hour) };
    }
    return null;
  },
};
