/**
 * A member's Warteliste as their screens read it: `GET /api/waitlist` answers it, and the grid's
 * page carries it inline (http/page-startup), so the first visit asks for nothing more.
 */
import { clubNow } from '@platzbuchung/domain/club-time';
import { waitlistPath } from '@platzbuchung/domain/waitlist/requests';
import type { WaitlistEntry } from '@platzbuchung/domain/waitlist/waitlist';
import { findClub } from '../accounts/users-store';
import type { Db } from '../db/connect';
import type { InlineAnswer } from '../http/inline-answer';
import type { ExportedEvent, OwnStreamSection } from '../accounts/export-section';
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

/** The member's export lists their entries and every event of them (accounts/export names this). */
export const waitlistExport: OwnStreamSection<{
  entries: { court_num: string; date: string; start_time: number }[];
  history: (ExportedEvent & { entry_id: string })[];
}> = {
  streamType: 'waitlist',
  opening: 'WaitlistJoined',
  section: async (db, userId, events, exported) => ({
    entries: await db('waitlist_entries')
      .where({ user_id: userId })
      .orderBy(['date', 'start_time', 'court_num'])
      .select('court_num', 'date', 'start_time'),
    history: events.map((row) => ({ entry_id: row.stream_id, ...exported(row) })),
  }),
};
