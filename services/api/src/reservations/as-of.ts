/**
 * "Stand am" from the log (docs/architecture/read-models.md): the club's reservations at
 * a cut, folded with the domain's `AsOfFold` from the club's events, read a page at a time.
 */
import { AsOfFold, type AsOfCut } from '@platzbuchung/domain/reservations/as-of';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope } from '../events/rows';
import { filteredEvents } from '../events/store';
import type { Reservation } from '@platzbuchung/domain/types';
import { withNamedPlayers } from './player-names';

/**
 * The club's reservations at the cut, and the club's last event number up to it. Its events are
 * read `perRead` at a time by the club's own number and folded as they come, so the memory a
 * request takes does not grow with the length of the club's history.
 */
export async function reservationsAtCut(
  db: Db,
  clubId: string,
  cut: AsOfCut,
  perRead: number,
): Promise<{ clubSeq: number; rows: Reservation[] }> {
  const fold = new AsOfFold(cut);
  let clubSeq = 0;
  for (;;) {
    const query = filteredEvents(db, { clubId, afterClubSeq: clubSeq }).orderBy('club_seq').limit(perRead);
    if ('at' in cut) query.where('occurred_at', '<=', cut.at);
    else query.where('club_seq', '<=', cut.clubSeq);
    const events = (await query.select([...EVENT_COLUMNS])).map(toEnvelope);
    fold.add(events);
    clubSeq = events.at(-1)?.club_seq ?? clubSeq;
    if (events.length < perRead) return { clubSeq, rows: await withNamedPlayers(db, fold.reservations()) };
  }
}
