/**
 * Reads that may lag go to a real streaming replica while it keeps up, and to the primary when it
 * lags or is away (docs/scaling.md). The replica and its primary are servers of the test's own
 * (initdb in a temporary folder); when they cannot start, every test fails with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, wallClockOf } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import { TestClient } from './support/client';
import { waitUntil } from './support/event-log';
import { clubWithMembers, type Members } from './support/fixtures';
import { startReadReplica, type ReadReplica } from './support/read-replica';
import { startTestApi, type TestApi } from './support/test-api';
import { connectDb, type Db } from '../src/db/connect';

const IN_USE = 'read replica in use: lagging reads go to the replica';
const LAGGING = 'read replica lagging: lagging reads go to the primary';
const UNREACHABLE = 'read replica unreachable: lagging reads go to the primary';

/** An API's log lines, to read what it says about the replica. */
function capturedLog() {
  const lines: string[] = [];
  return {
    sink: { write: (line: string) => void lines.push(line) },
    count: (message: string) => lines.filter((line) => line.includes(`"msg":"${message}"`)).length,
  };
}

let replica: ReadReplica | undefined;
/** Keeps reading the replica however long its replay is paused: to see that it is read. */
let patient: TestApi;
/** Leaves the replica once it is 2 s behind. */
let strict: TestApi;
const patientLog = capturedLog();
const strictLog = capturedLog();
let members: Members;

const DAY = addDays(wallClockOf(new Date(), 'Europe/Berlin').date, 3);
let nextHour = 8;

/** A new booking of the player, made (as every command) on the primary; answers its id. */
async function book(): Promise<string> {
  const hour = nextHour++;
  const answer = await members.player.client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    court_num: '1',
    start_time: hour,
    end_time: hour + 1,
    date: DAY,
  });
  expect(answer.status).toBe(201);
  return answer.body.data.find((r) => r.start_time === hour && r.date === DAY)!._id;
}

/** The newest event of the club as the primary has it. */
async function newestOnPrimary(): Promise<number> {
  const row = await patient
    .db('events')
    .where({ club_id: members.club._id })
    .max({ seq: 'club_seq' })
    .first<{ seq: number }>();
  return Number(row.seq);
}

/** The newest event of the admin log as an API answers it (both share the admin's login). */
async function newestInLog(api: TestApi): Promise<number | undefined> {
  const admin = new TestClient(api.url);
  admin.setCookieHeader(members.admin.client.cookieHeader());
  const answer = await admin.get<{ data: { position: number }[] }>(
    `/api/events?club_id=${members.club._id}&limit=1`,
  );
  // A request in the moment the replica goes away may fail; the caller polls.
  if (answer.status !== 200) return undefined;
  return answer.body.data[0]?.position;
}

const feedPath = async () => {
  const answer = await members.player.client.get<{ url: string }>('/api/account/calendar');
  return new URL(answer.body.url).pathname;
};

async function feedOn(api: TestApi, path: string): Promise<string> {
  const response = await fetch(api.url + path);
  expect(response.status).toBe(200);
  return response.text();
}

let db: Db | undefined;

beforeAll(async () => {
  replica = await startReadReplica();
  db = connectDb(replica.primaryUrl);
  const replicaEnv = (maxLagMs: number) => ({
    READ_DATABASE_URL: replica!.urlOf(new URL(replica!.primaryUrl).pathname.slice(1)),
    READ_REPLICA_MAX_LAG_MS: String(maxLagMs),
    READ_REPLICA_CHECK_MS: '200',
  });
  patient = await startTestApi({
    db,
    databaseUrl: replica.primaryUrl,
    logDestination: patientLog.sink,
    env: replicaEnv(600_000),
  });
  strict = await startTestApi({
    db,
    databaseUrl: replica.primaryUrl,
    logDestination: strictLog.sink,
    env: replicaEnv(2_000),
  });
  members = await clubWithMembers(patient.url, { reservations_limit: 10 });
  await waitUntil(
    'both APIs read the replica',
    () => patientLog.count(IN_USE) + strictLog.count(IN_USE) === 2,
    60_000,
  );
}, 900_000);

afterAll(async () => {
  await strict?.close();
  await patient?.close();
  await db?.destroy();
  await replica?.remove();
}, 300_000);

describe('reads that may lag, with a streaming replica', () => {
  it('serves the admin log, "Stand am" and the calendar feed from the replica; commands and a member’s own list from the primary', async () => {
    const path = await feedPath();
    const first = await book();
    await replica!.caughtUp();
    expect(await feedOn(patient, path)).toContain(first);

    await replica!.pauseReplay();
    try {
      const second = await book();
      const onPrimary = await newestOnPrimary();
      const onReplica = await newestInLog(patient);
      // The replica has not replayed the booking: what the API answered was read there.
      expect(onReplica).toBeLessThan(onPrimary);
      const asOf = await members.admin.client.get<{ position: number }>(
        `/api/admin/as-of?club_id=${members.club._id}&at=${new Date().toISOString()}`,
      );
      expect(asOf.status).toBe(200);
      expect(asOf.body.position).toBe(onReplica);
      const feed = await feedOn(patient, path);
      expect(feed).toContain(first);
      expect(feed).not.toContain(second);
      // A member's own list is read on the primary, with the booking just made.
      const own = await members.player.client.get<Reservation[]>(
        `/api/reservations?club_id=${members.club._id}&from=${DAY}&to=${DAY}`,
      );
      expect(own.body.map((r) => r._id)).toContain(second);
    } finally {
      await replica!.resumeReplay();
    }
    await replica!.caughtUp();
    expect(await newestInLog(patient)).toBe(await newestOnPrimary());
  }, 600_000);

  it('reads the primary while the replica lags more than the bound, says so once, and goes back when it caught up', async () => {
    await replica!.pauseReplay();
    try {
      await book();
      const onPrimary = await newestOnPrimary();
      await waitUntil(
        'the lagging replica is left',
        async () => (await newestInLog(strict)) === onPrimary,
        120_000,
      );
      for (let i = 0; i < 5; i++) expect(await newestInLog(strict)).toBe(onPrimary);
      expect(strictLog.count(LAGGING)).toBe(1);
      // The replica really lags: an API with a wider bound still reads it there.
      expect(await newestInLog(patient)).toBeLessThan(onPrimary);
    } finally {
      await replica!.resumeReplay();
    }
    await waitUntil('the replica is read again', () => strictLog.count(IN_USE) === 2, 240_000);
    expect(strictLog.count(LAGGING)).toBe(1);
  }, 600_000);

  it('reads the primary while the replica is stopped, says so once, and the replica again once it is back', async () => {
    await replica!.stop();
    await book();
    const onPrimary = await newestOnPrimary();
    await waitUntil(
      'the stopped replica is left',
      async () => (await newestInLog(patient)) === onPrimary,
      120_000,
    );
    for (let i = 0; i < 5; i++) expect(await newestInLog(patient)).toBe(onPrimary);
    expect(patientLog.count(UNREACHABLE)).toBe(1);

    await replica!.start();
    await waitUntil('the replica is read again', () => patientLog.count(IN_USE) === 2, 240_000);
    await replica!.caughtUp();
    await replica!.pauseReplay();
    try {
      await book();
      expect(await newestInLog(patient)).toBeLessThan(await newestOnPrimary());
    } finally {
      await replica!.resumeReplay();
    }
    expect(patientLog.count(UNREACHABLE)).toBe(1);
  }, 600_000);
});
