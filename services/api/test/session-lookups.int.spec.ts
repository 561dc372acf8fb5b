import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionWithUser } from '../src/accounts/users-store';
import { connectDb, type Db } from '../src/db/connect';
import { createTestDatabase } from './support/test-api';

const NOW = new Date('2026-11-23T09:30:00Z');
const HOUR = 60 * 60 * 1000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Counts the statements the pool runs. */
let db: Db;
let statements = 0;
let userIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDb(database.url, { max: 10 });
  db.on('query', () => statements++);
  const [{ id: clubId }] = await database
    .db('clubs')
    .insert({
      name: 'Ansturm',
      courts_count: 4,
      start_hour: 8,
      end_hour: 22,
      reservations_limit: 3,
      time_zone: 'Europe/Berlin',
    })
    .returning('id');
  const users: { id: string }[] = await database
    .db('users')
    .insert(
      Array.from({ length: 40 }, (_, i) => ({
        club_id: clubId,
        first_name: 'Mitglied',
        last_name: String(i),
        email: `ansturm-${i}@example.org`,
        password_hash: 'x',
        role: 'player',
      })),
    )
    .returning('id');
  userIds = users.map((u) => u.id);
  // Every fourth session has expired by NOW.
  await database.db('sessions').insert(
    userIds.map((userId, i) => ({
      id: `sitzung-${i}`,
      user_id: userId,
      data: { user_id: userId },
      expires_at: new Date(NOW.getTime() + (i % 4 === 3 ? -HOUR : HOUR)),
    })),
  );
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('session lookups of the same moment', () => {
  it('go together in a few statements, and each gets its own session or none', async () => {
    statements = 0;
    const found = await Promise.all([
      ...userIds.map((_, i) => findSessionWithUser(db, `sitzung-${i}`, NOW)),
      findSessionWithUser(db, 'unbekannt\', {"}', NOW),
    ]);
    expect(found.map((f) => f?.user?._id)).toEqual([
      ...userIds.map((id, i) => (i % 4 === 3 ? undefined : id)),
      undefined,
    ]);
    // One statement at once and the rest together in the next (two at a time at most).
    expect(statements).toBeLessThanOrEqual(3);
  });

  it('answer a lookup asked alone at once, with the moment it was asked at', async () => {
    const later = new Date(NOW.getTime() + 2 * HOUR);
    expect((await findSessionWithUser(db, 'sitzung-0', NOW))?.user?._id).toBe(userIds[0]);
    expect(await findSessionWithUser(db, 'sitzung-0', later)).toBeUndefined();
  });
});
