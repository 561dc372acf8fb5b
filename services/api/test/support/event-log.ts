import { addDays } from '@platzbuchung/domain/dates';
import type { Db } from '../../src/db/connect';
import { logEnd, type LogCursor } from '../../src/events/reader';
import type { TestClient } from './client';

/** A Monday the tests' clock stands on, and the clock itself, so every booked day lies ahead. */
export const MONDAY = '2026-11-23';
export const NOW = new Date('2026-11-23T07:00:00Z');

/**
 * Books `count` one-hour slots of a club that are free by construction: slot `i` of day `day` is
 * court 1 + i % courts, hour 8 + ⌊i / courts⌋, from slot `first` on. Returns the HTTP statuses.
 */
export async function bookSlots(
  client: TestClient,
  clubId: string,
  options: { day: number; count: number; first?: number; courts?: number },
): Promise<number[]> {
  const courts = options.courts ?? 6;
  const first = options.first ?? 0;
  const statuses: number[] = [];
  for (let i = first; i < first + options.count; i++) {
    const hour = 8 + Math.floor(i / courts);
    const response = await client.post('/api/reservations', {
      club_id: clubId,
      court_num: String(1 + (i % courts)),
      start_time: hour,
      end_time: hour + 1,
      date: addDays(MONDAY, options.day),
    });
    statuses.push(response.status);
  }
  return statuses;
}

/** Every committed event in the gap-free readers' order: by transaction, then position. */
export async function eventsInReadOrder(db: Db, afterPosition = 0) {
  const rows: { position: number; club_id: string; club_seq: number; transaction_id: string }[] = await db(
    'events',
  )
    .where('position', '>', afterPosition)
    .orderBy([{ column: 'events.transaction_id' }, { column: 'events.position' }])
    .select('position', 'club_id', 'club_seq', db.raw('transaction_id::text AS transaction_id'));
  return rows.map((row) => ({ ...row, position: Number(row.position), club_seq: Number(row.club_seq) }));
}

/** Polls `check` until it holds; fails with `what` after `timeoutMs`. */
export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The log's end once everything committed has settled. A write transaction anywhere on the server
 * (another database's, too) holds back what readers may see until it ends, so this may wait.
 */
export async function settledEnd(db: Db, timeoutMs = 180_000): Promise<LogCursor> {
  let end: LogCursor | undefined;
  await waitUntil(
    'every committed event has settled',
    async () => {
      const last = (await eventsInReadOrder(db)).at(-1);
      end = await logEnd(db);
      return !last || (end.position === last.position && end.transaction_id === last.transaction_id);
    },
    timeoutMs,
  );
  return end!;
}
