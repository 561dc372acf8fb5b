/**
 * A member's Warteliste as their screens read it: `GET /api/waitlist` answers it, and the grid's
 * page carries it inline (http/page-startup), so the first visit asks for nothing more.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { waitlistPath } from '@platzbuchung/domain/waitlist/requests';
import type { WaitlistEntry } from '@platzbuchung/domain/waitlist/waitlist';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { InlineAnswer } from '../http/page-startup';
import { entriesToCome } from '../projections/waitlist';

/** An entry as the member's screens show it: the hour and its end. */
export const shownEntry = ({ _id, court_num, date, start_time }: WaitlistEntry) => ({
  _id,
  court_num,
  date,
  start_time,
  end_time: start_time + 1,
});

/** The member's entries still to come; undefined for an unknown club. */
export async function ownWaitlist(db: Db, clubId: string, userId: string, now: Date) {
  const club = await findClub(db, clubId);
  if (!club) return undefined;
  return { data: (await entriesToCome(db, clubId, clubNow(club.time_zone, now), userId)).map(shownEntry) };
}

/** The grid's page carries the member's entries inline (http/page-startup lists this entry). */
export const waitlistInlineAnswer: InlineAnswer = {
  path: waitlistPath,
  read: (db, user, now) => ownWaitlist(db, user.club_id, user._id, now),
};
