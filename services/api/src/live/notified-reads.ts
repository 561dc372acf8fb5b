/** The live hub's (./hub) read for notified clubs: every club's events after a sequence, in one query. */
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, type EventRow } from '../events/rows';

/** Each club's events after its sequence in `after`, in club and sequence order, at most `limit`. */
export async function eventsAfter(
  db: Db,
  after: ReadonlyMap<string, number>,
  limit: number,
): Promise<EventRow[]> {
  return db('events')
    .join(
      db.raw('unnest(?::uuid[], ?::bigint[]) AS notified(club_id, after_seq)', [
        [...after.keys()],
        [...after.values()],
      ]),
      function () {
        this.on('events.club_id', '=', 'notified.club_id').andOn(
          'events.club_seq',
          '>',
          'notified.after_seq',
        );
      },
    )
    .orderBy([{ column: 'events.club_id' }, { column: 'events.club_seq' }])
    .limit(limit)
    .select(EVENT_COLUMNS.map((column) => `events.${column}`));
}
