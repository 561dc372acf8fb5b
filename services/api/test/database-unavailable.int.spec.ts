/**
 * While no primary answers, the API says so with 503, a German message and `Retry-After`, never 500
 * (docs/operations.md, "During a failover"); once the server is back, the same request succeeds.
 * The server is a cluster of the test's own, stopped and started here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, wallClockOf } from '@platzbuchung/domain/dates';
import * as texts from '@platzbuchung/domain/texts';
import { connectDb, type Db } from '../src/db/connect';
import { migrateLatest } from '../src/db/migrate';
import { clubWithMembers, type Members } from './support/fixtures';
import { execute, startOwnCluster, type OwnCluster } from './support/own-cluster';
import { startTestApi, type TestApi } from './support/test-api';

let cluster: OwnCluster;
let db: Db;
let api: TestApi;
let members: Members;
const DAY = addDays(wallClockOf(new Date(), 'Europe/Berlin').date, 2);

const book = (hour: number) =>
  members.player.client.post<{ error?: unknown }>('/api/reservations', {
    club_id: members.club._id,
    court_num: '1',
    start_time: hour,
    end_time: hour + 1,
    date: DAY,
  });

beforeAll(async () => {
  cluster = await startOwnCluster('pb-unavailable-');
  await execute(cluster.primary.urlOf('postgres'), 'CREATE DATABASE platz');
  const url = cluster.primary.urlOf('platz');
  // A refused connection must fail a request quickly, not after knex's minute of waiting.
  db = connectDb(url, { max: 4 });
  await migrateLatest(db);
  api = await startTestApi({ db, databaseUrl: url });
  members = await clubWithMembers(api.url);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await db?.destroy();
  await cluster?.remove();
});

describe('the database away', () => {
  it('answers 503 with Retry-After and a German message, then books again once it is back', async () => {
    expect((await book(9)).status).toBe(201);
    await cluster.primary.stop('immediate');
    const away = await book(10);
    expect(away.status).toBe(503);
    expect(Number(away.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(away.body).toEqual({ error: texts.databaseUnavailable });
    await cluster.primary.start();
    expect((await book(10)).status).toBe(201);
  });
});
