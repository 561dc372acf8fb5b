import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_START, logEnd, readCommitted, type LogCursor } from '../src/events/reader';
import { bookSlots, NOW, settledEnd } from './support/event-log';
import { clubWithMembers } from './support/fixtures';
import { createTestDatabase, startTestApi, type TestApi } from './support/test-api';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: TestApi;

beforeAll(async () => {
  database = await createTestDatabase();
  api = await startTestApi({ db: database.db });
  api.setNow(NOW);
  const { admin, club } = await clubWithMembers(api.url);
  await bookSlots(admin.client, club._id, { day: 0, count: 3 });
});
afterAll(async () => {
  await api.close();
  await database.drop();
});

/** A copy of the newest event as a new stream, as if transaction `transactionId` had appended it. */
async function appendAsTransaction(transactionId: string): Promise<number> {
  const { rows } = await database.db.raw(
    `INSERT INTO events (stream_type, stream_id, version, club_id, club_seq, type, data, actor_id, occurred_at, transaction_id)
     SELECT stream_type, gen_random_uuid(), 1, club_id,
            (SELECT max(club_seq) + 1 FROM events c WHERE c.club_id = e.club_id), type, data, actor_id, occurred_at, ?::xid8
     FROM events e ORDER BY position DESC LIMIT 1
     RETURNING position`,
    [transactionId],
  );
  return Number(rows[0].position);
}

async function readAll(pageSize: number): Promise<number[]> {
  const positions: number[] = [];
  let cursor: LogCursor = LOG_START;
  for (;;) {
    const page = await readCommitted(database.db, cursor, pageSize);
    if (!page.events.length) return positions;
    positions.push(...page.events.map((e) => e.position));
    cursor = page.cursor;
  }
}

describe('reading the whole log', { timeout: 240_000 }, () => {
  it('orders transactions by number, not as text: 9 before 10 even when 10 took the smaller position', async () => {
    const tenth = await appendAsTransaction('10');
    const ninth = await appendAsTransaction('9');
    expect(tenth).toBeLessThan(ninth);
    await settledEnd(database.db);

    const real: number[] = await database
      .db('events')
      .whereNotIn('position', [ninth, tenth])
      .orderBy('position')
      .pluck('position')
      .then((rows: unknown[]) => rows.map(Number));
    const inOnePage = await readAll(1_000);
    expect(inOnePage.slice(0, 2)).toEqual([ninth, tenth]);
    expect([...inOnePage.slice(2)].sort((a, b) => a - b)).toEqual(real);
    // Page by page the cursor must never jump past an event nor come back to one.
    expect(await readAll(1)).toEqual(inOnePage);
    expect((await logEnd(database.db)).position).toBe(inOnePage.at(-1));
  });
});
