/**
 * The event log as JSON Lines (docs/architecture/exports.md): one event a line, read in pages
 * by position (keyset: each page its own short query behind the last position read), so the export
 * holds one page at most and no pooled connection between pages. A reader that takes its time costs
 * a page of memory, never a connection, and one that takes nothing for `stallMs` is ended
 * (docs/security/cost.md, "Exports that wait for their reader").
 *
 * Positions make an export resumable: `after` continues behind the last line written.
 * - One club: `position` is the club's own event number. Its commits serialise on the club's lock,
 *   so what has committed is always a prefix of those numbers: nothing can appear behind the end.
 * - The whole log: `position` is the global one. A position is taken on insert, not on commit, so
 *   each page stops before the first position whose transaction still runs (docs/architecture/event-log.md,
 *   "Reading the log"): an event committed later can never appear below where the export stood.
 */
import { Readable } from 'node:stream';
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

/** Events read per page: one short query each. */
const PAGE = 1000;

/** How the export treats a reader that stops reading. */
interface ExportPacing {
  /** Taking nothing for this long ends the export, and `onStalled` is told; unset: never. */
  stallMs?: number;
  onStalled?: () => void;
}

/** The next page behind `after`: the club's events by their own number, or the whole log's. */
async function page(db: Db, clubId: string | undefined, after: number): Promise<EventRow[]> {
  const query = db('events')
    .select([...EVENT_COLUMNS])
    .limit(PAGE);
  if (clubId) query.where('club_id', clubId).where('club_seq', '>', after).orderBy('club_seq');
  else {
    query
      .where('position', '>', after)
      .whereRaw(
        `position < coalesce((SELECT min(position) FROM events running
           WHERE running.transaction_id >= pg_snapshot_xmin(pg_current_snapshot())), 'Infinity'::numeric)`,
      )
      .orderBy('position');
  }
  return query;
}

function lineOf(row: EventRow, clubId: string | undefined): string {
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
  return `${JSON.stringify(line)}\n`;
}

export function eventLines(db: Db, { clubId, after = 0 }: ExportScope, pacing: ExportPacing = {}): Readable {
  let last = after;
  let lines: string[] = [];
  let next = 0;
  let lastPage = false;
  let reading = false;
  let stall: NodeJS.Timeout | undefined;

  /** The reader has enough for now: if it takes nothing more for `stallMs`, the export ends. */
  const waitForReader = () => {
    clearTimeout(stall);
    if (pacing.stallMs === undefined) return;
    stall = setTimeout(() => {
      stream.destroy();
      pacing.onStalled?.();
    }, pacing.stallMs);
  };

  /**
   * Hands out lines while the reader wants them, and reads the next page when this one is gone.
   * Never leaves a read unanswered: it pushes, or a page is on its way and pushes when it comes.
   */
  function fill(): void {
    while (next < lines.length) {
      if (!stream.push(lines[next++])) return waitForReader();
    }
    if (lastPage) {
      stream.push(null);
      return waitForReader();
    }
    if (reading) return;
    reading = true;
    page(db, clubId, last).then(
      (rows) => {
        reading = false;
        if (stream.destroyed) return;
        lastPage = rows.length < PAGE;
        const end = rows.at(-1);
        if (end) last = Number(clubId ? end.club_seq : end.position);
        lines = rows.map((row) => lineOf(row, clubId));
        next = 0;
        fill();
      },
      (error: unknown) => {
        reading = false;
        stream.destroy(error as Error);
      },
    );
  }

  const stream = new Readable({
    read() {
      clearTimeout(stall);
      fill();
    },
    destroy(error, done) {
      clearTimeout(stall);
      done(error);
    },
  });
  stream.once('end', () => clearTimeout(stall));
  return stream;
}
