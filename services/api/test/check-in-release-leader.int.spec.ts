/**
 * The release job in two API processes at once (docs/check-in.md, "The release"): one runs it, a
 * crash hands it to the other, and each hour is released exactly once, at its minute, by a fake
 * clock (no test waits real minutes).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@platzbuchung/domain/types';
import { releaseDueHours, startReleaseJob } from '../src/check-in/release-job';
import { connectDb, type Db } from '../src/db/connect';
import { createLogger } from '../src/logger';
import { clubWithMembers } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

const NOW = new Date('2026-11-23T08:00:00Z');
const MONDAY = '2026-11-23';
const api = apiForFile({ now: NOW });
const logger = createLogger('release-leader-test', 'silent');

/** The clock both processes read: moved by the test. */
let clock = NOW;
const pools: Db[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.destroy())));

function process(): ReturnType<typeof startReleaseJob> {
  const db = connectDb(api.databaseUrl!);
  pools.push(db);
  return startReleaseJob({
    db,
    databaseUrl: api.databaseUrl!,
    logger,
    clock: () => clock,
    everyMs: 50,
    retryMs: 100,
  });
}

const releasedPerHour = async () =>
  (
    await api
      .db('events')
      .where({ type: 'ReservationReleased' })
      .select('stream_id', api.db.raw(`data->>'date' AS date`))
  ).reduce<Record<string, number>>((counts, row: { stream_id: string; date: string }) => {
    const key = `${row.stream_id} ${row.date}`;
    return { ...counts, [key]: (counts[key] ?? 0) + 1 };
  }, {});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the release job in two API processes', { timeout: 60_000 }, () => {
  it('runs in one; each hour is released once at its minute; a crashed leader hands it over', async () => {
    const m = await clubWithMembers(api.url);
    const saved = await m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, {
      name: m.club.name,
      courts_count: m.club.courts_count,
      start_hour: m.club.start_hour,
      end_hour: m.club.end_hour,
      reservations_limit: m.club.reservations_limit,
      check_in: {
        required: true,
        opens_min: 15,
        release_after_min: 10,
        strikes: 3,
        strike_days: 28,
        pause_days: 14,
      },
    });
    expect(saved.status).toBe(200);
    const ids: Record<number, string[]> = { 10: [], 11: [], 12: [] };
    for (const hour of [10, 11, 12]) {
      for (const court of ['1', '2', '3', '4']) {
        const made = await m.admin.client.post<{ data: Reservation[] }>('/api/reservations', {
          club_id: m.club._id,
          court_num: court,
          date: MONDAY,
          start_time: hour,
          end_time: hour + 1,
        });
        expect(made.status).toBe(201);
        ids[hour]!.push(made.body.data.find((r) => r.court_num === court && r.start_time === hour)!._id);
      }
    }

    const workers = [process(), process()];
    await expect.poll(() => workers.filter((w) => w.isLeader()).length).toBe(1);

    // 10 Uhr in Berlin is 09:00 UTC: a minute before its release, nothing.
    clock = new Date('2026-11-23T09:09:00Z');
    await pause(400);
    expect(await releasedPerHour()).toEqual({});

    clock = new Date('2026-11-23T09:10:00Z');
    await expect.poll(async () => Object.keys(await releasedPerHour()).length, { timeout: 10_000 }).toBe(4);
    await pause(400);
    expect(Object.values(await releasedPerHour())).toEqual([1, 1, 1, 1]);

    // The leader crashes: its lock's connection ends, and its process is gone.
    const leader = workers.find((w) => w.isLeader())!;
    await api.db.raw(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'release job-leader'`,
    );
    await leader.stop();
    const survivor = workers.find((w) => w !== leader)!;
    await expect.poll(() => survivor.isLeader(), { timeout: 10_000 }).toBe(true);

    clock = new Date('2026-11-23T10:10:00Z');
    await expect.poll(async () => Object.keys(await releasedPerHour()).length, { timeout: 10_000 }).toBe(8);
    await pause(400);
    const counts = await releasedPerHour();
    expect(Object.values(counts).every((count) => count === 1)).toBe(true);
    for (const id of ids[11]!) expect(counts[`${id} ${MONDAY}`]).toBe(1);
    await survivor.stop();

    // Two releases at the same moment from two processes' pools, as if two leaders overlapped.
    const [a, b] = [connectDb(api.databaseUrl!), connectDb(api.databaseUrl!)];
    pools.push(a, b);
    const at = new Date('2026-11-23T11:10:00Z');
    const [first, second] = await Promise.all([releaseDueHours(a, at), releaseDueHours(b, at)]);
    expect(first + second).toBe(4);
    const all = await releasedPerHour();
    expect(Object.keys(all)).toHaveLength(12);
    expect(Object.values(all).every((count) => count === 1)).toBe(true);
    expect(await api.db('no_shows').where({ club_id: m.club._id }).count<{ count: number }[]>()).toEqual([
      { count: 12 },
    ]);
  });
});
