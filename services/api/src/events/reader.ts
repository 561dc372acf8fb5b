/**
 * Reading the whole log without gaps (docs/architecture/event-log.md, "Reading the log"). A position is
 * taken when an event is inserted, not when it commits: 101 can become visible before 100, and a
 * reader that remembers "the last position seen" would skip 100 for ever. So readers go only up to
 * the oldest transaction still running (`pg_snapshot_xmin`), below which nothing can appear any
 * more, and they walk the log in (transaction, position) order — the order in which that settled
 * part of the log grows. Every committed event is read exactly once, and within one club (whose
 * commands serialise on its lock) this order is the club's own order.
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from './rows';
import { filteredEvents, type EventFilter } from './store';

/** Where a reader stands: after this event. `transaction_id` is an xid8 in decimal. */
export interface LogCursor {
  transaction_id: string;
  position: number;
}

export const LOG_START: LogCursor = { transaction_id: '0', position: 0 };

export interface CommittedPage {
  events: EventEnvelope[];
  /** Pass it to the next read; unchanged when nothing new has settled. */
  cursor: LogCursor;
}

type Filter = Omit<EventFilter, 'afterPosition' | 'beforePosition' | 'afterClubSeq' | 'beforeClubSeq'>;

/** The next settled events after `after`, oldest first, optionally filtered. */
export async function readCommitted(
  db: Db,
  after: LogCursor,
  limit: number,
  filter: Filter = {},
): Promise<CommittedPage> {
  const rows: (EventRow & { transaction_id: string })[] = await filteredEvents(db, filter)
    .whereRaw('(transaction_id, position) > (?::xid8, ?::bigint)', [after.transaction_id, after.position])
    .whereRaw('transaction_id < pg_snapshot_xmin(pg_current_snapshot())')
    // Qualified: a bare name would sort by the selected text alias below, so '10' before '9'.
    .orderBy([{ column: 'events.transaction_id' }, { column: 'events.position' }])
    .limit(limit)
    .select([...EVENT_COLUMNS, db.raw('transaction_id::text AS transaction_id')]);
  const last = rows.at(-1);
  return {
    events: rows.map(toEnvelope),
    cursor: last ? { transaction_id: last.transaction_id, position: Number(last.position) } : after,
  };
}

/** The cursor after the last settled event: a reader starting here sees only what comes next. */
export async function logEnd(db: Db): Promise<LogCursor> {
  const row = await db('events')
    .whereRaw('transaction_id < pg_snapshot_xmin(pg_current_snapshot())')
    .orderBy([
      { column: 'events.transaction_id', order: 'desc' },
      { column: 'events.position', order: 'desc' },
    ])
    .first(db.raw('transaction_id::text AS transaction_id'), 'position');
  return row ? { transaction_id: row.transaction_id, position: Number(row.position) } : LOG_START;
}
