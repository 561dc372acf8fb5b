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

interface StreamFold {
  state: Reservation | null;
  version: number;
}

/**
 * A folded row as PostgreSQL prints it with COPY (columns in the order of COLUMNS, which a test
 * checks against PostgreSQL's own output), so equal rows are equal strings. Written out rather than mapped over COLUMNS: it runs once per row, and the
 * generic mapping was the largest single cost of the comparison.
 */
export function rowLine(row: Reservation, version: number): string {
  return (
    `${row._id}\t${row.club_id}\t${row.user_id}\t${copyField(row.court_num)}\t${row.start_time}\t` +
    `${row.end_time}\t${row.date}\t${copyField(row.label ?? null)}\t${row.recurring ? 't' : 'f'}\t` +
    `${copyField(row.deleted_dates)}\t${copyField(row.end_date ?? null)}\t${copyField(row.group_id ?? null)}\t${version}`
  );
}

/**
 * Folds the range's events, in position order, into the state each stream leaves. PostgreSQL only
 * reads and orders (the primary key follows the heap, so no sort); the fold rule is the domain's
 * `evolve` and nothing else. One holder per stream is updated in place, so the only objects made
 * per event are its data and what `evolve` itself returns.
 */
async function foldStreams(reader: pg.Client, range: IdRange): Promise<Map<string, StreamFold>> {
  const streams = new Map<string, StreamFold>();
  await copyLinesOut(
    reader,
    `SELECT stream_id, version, type, data FROM events
     WHERE stream_type = 'reservation' AND ${inRange('stream_id', range)} ORDER BY position`,
    (line) => {
      // None of these columns is NULL and only `data` can hold an escaped character.
      const [streamId, version, type, data] = line.split('\t') as [string, string, string, string];
      let fold = streams.get(streamId);
      if (!fold) streams.set(streamId, (fold = { state: null, version: 0 }));
      const event = {
        type,
        reservation_id: streamId,
        data: JSON.parse(unescapeField(data)),
      } as ReservationEvent;
      fold.state = evolve(fold.state, event);
      fold.version = Number(version);
    },
  );
  return streams;
}

export async function replayRange(reader: pg.Client, range: IdRange): Promise<RangeReplay> {
  const streams = await foldStreams(reader, range);
  // Streams that leave no row need no comparison unless a live row claims them.
  for (const [id, fold] of streams) if (fold.state === null) streams.delete(id);
  const rows = streams.size;
  const suspects: string[] = [];
  await copyLinesOut(reader, `SELECT ${LISTED} FROM reservations WHERE ${inRange('id', range)}`, (line) => {
    const id = line.slice(0, line.indexOf('\t'));
    const fold = streams.get(id);
    if (!fold) suspects.push(id);
    else if (rowLine(fold.state!, fold.version) === line) streams.delete(id);
  });
  // What is left was replayed but is missing or different in the live table.
  const rebuilt: string[] = [];
  for (const [id, { state, version }] of streams) {
    suspects.push(id);
    rebuilt.push(rowLine(state!, version));
  }
  return { rows, suspects, rebuilt };
}
