/**
 * The event log as JSON Lines (docs/architecture.md, "Exports"): one event a line, streamed from a
 * database cursor (knex `.stream()` over pg-query-stream), so a club with a million events goes out
 * without the export ever holding more than a batch of them.
 *
 * Positions make an export resumable: `after` continues behind the last line written.
 * - One club: `position` is the club's own event number. Its commits serialise on the club's lock,
 *   so what has committed is always a prefix of those numbers: nothing can appear behind the end.
 * - The whole log: `position` is the global one. A position is taken on insert, not on commit, so
 *   the export stops before the first position whose transaction still runs (docs/architecture.md,
 *   "Reading the log"): an event committed later can never appear below where it ended.
 */
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, type EventRow } from '../events/rows';

export interface ExportScope {
  /** One club's events, numbered by the club's sequence; all clubs' by the global position. */
  clubId?: string;
  /** Only events after this position (of the same kind). */
  after?: number;
}

/** One line's fields, in the order they are written. */
export interface EventLine {
  position: number;
  stream: { type: string; id: string };
  version: number;
  type: string;
  data: unknown;
  actor: string;
  time: string;
  /** Only in the whole log's export: whose event it is. */
  club_id?: string;
}

/** Rows fetched per round trip of the cursor. */
const BATCH = 1000;

export function eventLines(db: Db, { clubId, after = 0 }: ExportScope): Readable {
  const query = db('events').select([...EVENT_COLUMNS]);
  if (clubId) {
    query.where('club_id', clubId).where('club_seq', '>', after).orderBy('club_seq');
  } else {
    query
      .where('position', '>', after)
      .whereRaw(
        `position < coalesce((SELECT min(position) FROM events running
           WHERE running.transaction_id >= pg_snapshot_xmin(pg_current_snapshot())), 'Infinity'::numeric)`,
      )
      .orderBy('position');
  }
  const rows = query.stream({ batchSize: BATCH, highWaterMark: BATCH });
  const toLine = new Transform({
    writableObjectMode: true,
    transform(row: EventRow, _encoding, done) {
      const line: EventLine = {
        position: Number(clubId ? row.club_seq : row.position),
        stream: { type: row.stream_type, id: row.stream_id },
        version: row.version,
        type: row.type,
        data: row.data,
        actor: row.actor_id,
        time: row.occurred_at.toISOString(),
        ...(clubId ? {} : { club_id: row.club_id }),
      };
      done(null, `${JSON.stringify(line)}\n`);
    },
  });
  // An error of the cursor ends the lines with it; a reader that goes away closes the cursor.
  return pipeline(rows, toLine, () => undefined);
}
