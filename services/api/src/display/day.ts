/** The clubhouse screen's day (docs/architecture/clubhouse-screen.md), read from the projections. */
import { clubNow } from '@platzbuchung/domain/club-time';
import { displayDay, type DisplayDay } from '@platzbuchung/domain/display/screen';
import type { DisplayNames } from '@platzbuchung/domain/schemas';
import { nameableNames } from '../accounts/users-store';
import type { Db } from '../db/connect';
import { lastClubSeq } from '../events/store';
import { blocksBetween } from '../projections/blocks';
import { listReservations } from '../reservations/window-list';

interface DisplayClubRow {
  name: string;
  courts_count: number;
  start_hour: number;
  end_hour: number;
  time_zone: string;
  display_names: DisplayNames;
}

/** Today on the club's wall clock, its cells named as the club chose; undefined for a club gone. */
export async function readDisplayDay(db: Db, clubId: string, instant: Date): Promise<DisplayDay | undefined> {
  const club: DisplayClubRow | undefined = await db('clubs')
    .where({ id: clubId })
    .first('name', 'courts_count', 'start_hour', 'end_hour', 'time_zone', 'display_names');
  if (!club) return undefined;
  const today = clubNow(club.time_zone, instant).date;
  // Read before the lists, so the day includes at least this much (the screen's stream resumes there).
  const clubSeq = await lastClubSeq(db, clubId);
  const [reservations, blocks] = await Promise.all([
    listReservations(db, clubId, { from: today, to: today }),
    blocksBetween(db, clubId, today, today),
  ]);
  // Names are read only where the club shows them, and only of today's holders whom the grid
  // names too (its active members).
  const holders = [...new Set(reservations.filter((r) => !r.label?.trim()).map((r) => r.user_id))];
  const rows = club.display_names === 'none' ? [] : await nameableNames(db, clubId, holders);
  return displayDay({
    club,
    displayNames: club.display_names,
    date: today,
    clubSeq,
    reservations,
    blocks,
    people: new Map(rows.map((row) => [row.id, row])),
  });
}
