/**
 * The member's own check-in state (docs/check-in.md): the club's setting and zone, their pause, the
 * dates checked in for, whether a PIN is set. Read by its route and answered inline with the page
 * of "Meine Reservierungen" (docs/architecture/first-visit.md).
 */
import { ownCheckInPath } from '@platzbuchung/domain/check-in/requests';
import { clubNow } from '@platzbuchung/domain/club-time';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { InlineAnswer } from '../http/inline-answer';
import { checkedInDates, checkInSettingsOf, pauseOf } from './reads';

export async function ownCheckIn(db: Db, clubId: string, userId: string, now: Date) {
  const club = await findClub(db, clubId);
  if (!club) return undefined;
  const settings = await checkInSettingsOf(db, clubId);
  const today = clubNow(club.time_zone, now).date;
  const pin: { check_in_pin_hash: string | null } | undefined = await db('users')
    .where({ id: userId })
    .first('check_in_pin_hash');
  return {
    settings,
    time_zone: club.time_zone,
    paused_until: await pauseOf(db, clubId, userId, settings, today),
    checked_in: settings.required ? await checkedInDates(db, clubId, today) : [],
    has_pin: Boolean(pin?.check_in_pin_hash),
  };
}

export const checkInInlineAnswer: InlineAnswer = {
  path: ownCheckInPath,
  read: (db, user, now) => ownCheckIn(db, user.club_id, user._id, now),
};
