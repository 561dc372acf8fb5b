/**
 * The replay of one range of reservation streams, run by a worker thread on its own connection
 * (./reservations-replay-worker.ts): fold the range's events with the domain's `evolve`, then
 * compare each folded row with the live row PostgreSQL prints for it.
 */
import type pg from 'pg';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Reservation } from '@platzbuchung/domain/types';
import { copyField, copyLinesOut, unescapeField, type ConnectionSettings } from './copy-text';
import { RESERVATION_COLUMNS } from './reservation-rows';

export const COLUMNS = [...RESERVATION_COLUMNS, 'version'] as const;
export const LISTED = COLUMNS.join(', ');

export interface IdRange {
  from: string;
  /** Exclusive; null for the last range. */
  to: string | null;
}

/** The uuid space cut into `count` equal ranges (ids are random, so the streams split evenly). */
export function idRanges(count: number): IdRange[] {
  const bound = (i: number) =>
    `${Math.floor((i * 2 ** 32) / count)
      .toString(16)
      .padStart(8, '0')}-0000-0000-0000-000000000000`;
  return Array.from({ length: count }, (_, i) => ({
    from: bound(i),
    to: i + 1 < count ? bound(i + 1) : null,
  }));
}

function inRange(column: string, range: IdRange): string {
  return `${column} >= '${range.from}'${range.to ? ` AND ${column} < '${range.to}'` : ''}`;
}

/** What a worker is given: how to connect, the snapshot to read, and its range. */
export interface ReplayTask {
  connection: ConnectionSettings;
  snapshot: string;
  range: IdRange;
}

/** What a worker answers: rows the range leaves, and the ids and replayed rows that may differ. */
export interface RangeReplay {
  rows: number;
  suspects: string[];
  /** Replayed rows (COPY lines) of suspects that leave a row. */
  rebuilt: string[];
}

/**
 * A folded row as PostgreSQL prints it with COPY (columns in the order of COLUMNS, which a test
 * checks against PostgreSQL's own output), so equal rows are equal strings. Written out rather than mapped over COLUMNS: it runs once per row, and the
 * generic mapping was the largest single cost of the comparison.
 */
export function rowLine(row: Reservation, version: number | string): string {
  return (
    `${row._id}\t${row.club_id}\t${row.user_id}\t${copyField(row.court_num)}\t${row.start_time}\t` +
    `${row.end_time}\t${row.date}\t${copyField(row.label ?? null)}\t${row.recurring ? 't' : 'f'}\t` +
    `${copyField(row.deleted_dates)}\t${copyField(row.end_date ?? null)}\t${copyField(row.group_id ?? null)}\t${version}`
  );
}

/** A uuid as PostgreSQL prints it is 36 characters long, so a COPY line's first field ends there. */
const UUID_LENGTH = 36;

/** What the fold calls each time a stream's last event has been applied. */
type StreamClosed = (streamId: string, state: Reservation | null, version: string) => void;

/**
 * Folds the range's events stream by stream. PostgreSQL hands them over in stream and version order
 * (the stream's unique index gives that order without a sort), so one stream is open at a time and
 * no table of streams is kept: each is handed on when the next begins. The fold rule is the domain's
 * `evolve` and nothing else.
 */
async function foldStreams(reader: pg.Client, range: IdRange, onClosed: StreamClosed): Promise<void> {
  let streamId = '';
  let state: Reservation | null = null;
  let version = '';
  await copyLinesOut(
    reader,
    `SELECT stream_id, version, type, data FROM events
     WHERE stream_type = 'reservation' AND ${inRange('stream_id', range)} ORDER BY stream_id, version`,
    (line) => {
      // None of these columns is NULL and only `data` can hold an escaped character.
      const id = line.slice(0, UUID_LENGTH);
      const versionEnd = line.indexOf('\t', UUID_LENGTH + 1);
      const typeEnd = line.indexOf('\t', versionEnd + 1);
      if (id !== streamId) {
        if (streamId) onClosed(streamId, state, version);
        streamId = id;
        state = null;
      }
      version = line.slice(UUID_LENGTH + 1, versionEnd);
      const event = {
        type: line.slice(versionEnd + 1, typeEnd),
        reservation_id: id,
        data: JSON.parse(unescapeField(line.slice(typeEnd + 1))),
      } as ReservationEvent;
      state = evolve(state, event);
    },
  );
  if (streamId) onClosed(streamId, state, version);
}

/**
 * Both reads want their rows in id order. Through the indexes that is one random heap visit per
 * row, which measured twice as slow on a million events as reading the table straight through and
 * sorting in memory; and compiling the two queries (JIT) costs more than it saves.
 */
const SORT_IN_MEMORY = `
  SET LOCAL work_mem = '256MB';
  SET LOCAL enable_indexscan = off;
  SET LOCAL enable_bitmapscan = off;
  SET LOCAL jit = off`;

/** The rebuild's own transaction goes on to write, and wants its indexes back for that. */
const PLANNER_DEFAULTS = 'RESET work_mem; RESET enable_indexscan; RESET enable_bitmapscan; RESET jit';

/** The live rows of the range as PostgreSQL prints them, in id order. */
async function liveLines(reader: pg.Client, range: IdRange): Promise<string[]> {
  const lines: string[] = [];
  await copyLinesOut(
    reader,
    `SELECT ${LISTED} FROM reservations WHERE ${inRange('id', range)} ORDER BY id`,
    (line) => {
      lines.push(line);
    },
  );
  return lines;
}

/**
 * Replays the range beside its live rows. Both come in id order, so one pass settles every row as
 * its stream closes: an equal line needs nothing; a live row without a replayed one, and a replayed
 * row that is missing or different, are suspects. Only the live lines are held, each a slice of
 * what PostgreSQL sent; a replayed line is garbage as soon as it is compared, which keeps the
 * garbage collector's work for a million rows small.
 */
export async function replayRange(reader: pg.Client, range: IdRange): Promise<RangeReplay> {
  await reader.query(SORT_IN_MEMORY);
  const replay = await replaySorted(reader, range);
  // After a failure the transaction is lost anyway, and with it these settings.
  await reader.query(PLANNER_DEFAULTS);
  return replay;
}

async function replaySorted(reader: pg.Client, range: IdRange): Promise<RangeReplay> {
  const live = await liveLines(reader, range);
  const suspects: string[] = [];
  const rebuilt: string[] = [];
  let rows = 0;
  let next = 0;
  // A live line starts with its id and a tab, so it sorts against an id as its id does.
  const liveOnlyBefore = (id: string | null) => {
    while (next < live.length && (id === null || live[next]! < id)) {
      suspects.push(live[next]!.slice(0, UUID_LENGTH));
      next++;
    }
  };
  await foldStreams(reader, range, (id, state, version) => {
    liveOnlyBefore(id);
    const liveLine = next < live.length && live[next]!.startsWith(id) ? live[next++] : null;
    if (state === null) {
      if (liveLine !== null) suspects.push(id);
      return;
    }
    rows++;
    const line = rowLine(state, version);
    if (line === liveLine) return;
    suspects.push(id);
    rebuilt.push(line);
  });
  liveOnlyBefore(null);
  return { rows, suspects, rebuilt };
}
