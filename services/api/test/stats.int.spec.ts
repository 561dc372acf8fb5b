/** `GET /api/admin/stats`: who may ask, what bad dates answer, and that a rebuild gives the same numbers. */
import { describe, expect, it } from 'vitest';
import type { StatsReport } from '@platzbuchung/domain/stats/figures';
import { statsTexts } from '@platzbuchung/domain/stats/texts';
import { addDays } from '@platzbuchung/domain/dates';
import type { Reservation } from '@platzbuchung/domain/types';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { foldStatsFacts } from '@platzbuchung/domain/stats/facts';
import { computeStats, isStandingSingle, standingSingles } from '@platzbuchung/domain/stats/figures';
import { migrateDownThrough, migrateLatest } from '../src/db/migrate';
import { EVENT_COLUMNS, toEnvelope } from '../src/events/rows';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { fillStatsTables } from '../src/projections/stats';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const api = apiForFile({ now: NOW });

type Answer = { data: StatsReport & { members: { first_name: string | null }[] }; error?: unknown };

const stats = (client: TestClient, members: Members, query = '') =>
  client.get<Answer>(`/api/admin/stats?club_id=${members.club._id}${query}`);

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: members.club._id,
    ...body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data.find((r) => r.court_num === body.court_num && r.start_time === body.start_time)!
    ._id;
}

const callOff = (client: TestClient, members: Members, id: string, date: string, delete_type: string) =>
  client.post(`/api/reservations?reservation_id=${id}`, {
    club_id: members.club._id,
    form_method: 'delete',
    date,
    delete_type,
  });

describe('who may read the numbers', () => {
  it('anonymous 401; a player and another club’s admin 403; the club’s admin 200', async () => {
    const members = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    expect((await stats(new TestClient(api.url), members)).status).toBe(401);
    expect((await stats(members.player.client, members)).status).toBe(403);
    expect((await stats(other.admin.client, members)).status).toBe(403);
    expect((await stats(members.admin.client, members)).status).toBe(200);
  });
});

describe('the range asked for', () => {
  it('is the last four weeks up to the club’s today by default', async () => {
    const members = await clubWithMembers(api.url);
    const answer = await stats(members.admin.client, members);
    expect(answer.body.data).toMatchObject({ from: '2026-10-27', to: '2026-11-23' });
    // 28 days × 12 opening hours × 6 courts, nothing booked.
    expect(answer.body.data.totals).toEqual({ capacity: 2016, booked: 0, blocked: 0, open: 2016 });
  });

  it('refuses what is no date with a German error under the field', async () => {
    const members = await clubWithMembers(api.url);
    const bad = await stats(members.admin.client, members, '&from=2026-13-01&to=morgen');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual([
      { instancePath: '/from', message: statsTexts.badDate },
      { instancePath: '/to', message: statsTexts.badDate },
    ]);
    const backwards = await stats(members.admin.client, members, '&from=2026-11-10&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toEqual([{ instancePath: '/to', message: statsTexts.toBeforeFrom }]);
    const twice = await stats(members.admin.client, members, '&from=2026-11-01&from=2026-11-02');
    expect(twice.status).toBe(400);
  });
});

describe('the numbers of two weeks, live and rebuilt', () => {
  it('count bookings, a series with a cancelled date and call-offs; a rebuild answers the same', async () => {
    const members = await clubWithMembers(api.url);
    const admin = members.admin.client;
    const series = await book(admin, members, {
      court_num: '2',
      start_time: 17,
      end_time: 19,
      date: '2026-11-24',
      recurring: true,
      label: 'Training',
    });
    await book(members.player.client, members, {
      court_num: '1',
      start_time: 12,
      end_time: 13,
      date: '2026-11-24',
    });
    const later = await book(members.player.client, members, {
      court_num: '3',
      start_time: 14,
      end_time: 15,
      date: '2026-11-25',
    });
    expect((await callOff(members.player.client, members, later, '2026-11-25', 'all')).status).toBe(200);
    expect((await callOff(admin, members, series, '2026-12-01', 'once')).status).toBe(200);

    const range = '&from=2026-11-23&to=2026-12-06';
    const live = await stats(admin, members, range);
    expect(live.status).toBe(200);
    const report = live.body.data;
    expect(report.kinds).toEqual({ member: 1, label: 0, series: 2, block: 0 });
    // Tuesday 17 o'clock: two Tuesdays × 6 courts, the series on one of them.
    expect(report.heatmap.find((c) => c.weekday === 2 && c.hour === 17)).toEqual({
      weekday: 2,
      hour: 17,
      capacity: 12,
      booked: 1,
      blocked: 0,
      open: 11,
    });
    expect(report.courts.slice(0, 3)).toEqual([
      { court_num: '1', booked: 1, blocked: 0 },
      { court_num: '2', booked: 2, blocked: 0 },
      { court_num: '3', booked: 0, blocked: 0 },
    ]);
    expect(report.members).toEqual([
      {
        user_id: members.player.user._id,
        hours: 1,
        co_player_hours: 0,
        first_name: members.player.user.first_name,
        last_name: members.player.user.last_name,
      },
    ]);
    // Wednesday 14:00 was given back 51½ hours ahead, the series' Tuesday eight days ahead.
    expect(report.cancellations).toEqual({
      count: 2,
      hours: 3,
      by_block: 0,
      buckets: [
        { bucket: 'under_2h', count: 0, hours: 0 },
        { bucket: 'under_24h', count: 0, hours: 0 },
        { bucket: 'under_7d', count: 1, hours: 1 },
        { bucket: 'later', count: 1, hours: 2 },
      ],
    });

    const [verified] = await verifyProjections(api.db, ['stats']);
    expect(verified!.differences).toEqual([]);
    await api.db('stats_cancellations').delete();
    await api.db('stats_bookings').delete();
    await rebuildProjections(api.db, ['stats']);
    expect((await stats(admin, members, range)).body).toEqual(live.body);
  });
});

describe('live updates and a rebuild agree', () => {
  it('after bookings, moves, call-offs and ended series made over four days of a moving clock', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4, reservations_limit: 6 });
    const second = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
    const actors = [members.admin.client, members.player.client, second.client];
    let known: Reservation[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 240; i++) {
      // Two hours pass every three commands: some call-offs come before the start, some after.
      api.setNow(new Date(NOW.getTime() + Math.floor(i / 3) * 2 * 3_600_000));
      const client = actors[i % 3]!;
      const isAdmin = i % 3 === 0;
      const target = known.length ? known[(i * 7) % known.length] : undefined;
      const date = target ? (target.recurring ? addDays(target.date, 7 * (i % 4)) : target.date) : '';
      let response;
      if (target && i % 5 === 1) {
        response = await client.post<{ data: Reservation[] }>(
          `/api/reservations?reservation_id=${target._id}`,
          {
            club_id: members.club._id,
            form_method: 'delete',
            date,
            delete_type: (['once', 'once_and_future', 'all'] as const)[i % 3],
          },
        );
      } else if (target && i % 5 === 3) {
        response = await client.request<{ data: Reservation[] }>(
          'PUT',
          `/api/reservations/${target._id}?club_id=${members.club._id}`,
          {
            court_num: String(1 + (i % 4)),
            start_time: 8 + (i % 11),
            end_time: 9 + (i % 11),
            date: addDays(date, i % 2),
            ...(target.recurring
              ? { scope: (['once', 'once_and_future', 'all'] as const)[i % 3], occurrence_date: date }
              : {}),
          },
        );
      } else {
        const start = 8 + ((i * 5) % 11);
        response = await client.post<{ data: Reservation[] }>('/api/reservations', {
          club_id: members.club._id,
          court_num: String(1 + (i % 4)),
          start_time: start,
          end_time: start + (isAdmin ? 1 + (i % 2) : 1),
          date: addDays('2026-11-23', (i * 3) % 20),
          ...(isAdmin && i % 2 === 0 ? { recurring: true, label: 'Training' } : {}),
        });
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      if (response.status < 300 && Array.isArray(response.body.data)) known = response.body.data;
    }
    expect(statuses.get(201)).toBeGreaterThan(20);
    expect(statuses.get(200)).toBeGreaterThan(20);
    const moved = await api
      .db('stats_cancellations')
      .where({ club_id: members.club._id, moved: true })
      .count({ n: '*' });
    const calledOff = await api
      .db('stats_cancellations')
      .where({ club_id: members.club._id, moved: false })
      .count({ n: '*' });
    expect(Number(moved[0]!.n)).toBeGreaterThan(0);
    expect(Number(calledOff[0]!.n)).toBeGreaterThan(0);

    const [verified] = await verifyProjections(api.db, ['stats']);
    expect(verified!.differences).toEqual([]);
    // Folded in pages of a few events (a national log's are 50,000), streams are never split.
    const paged = await api.db.transaction(async (trx) => {
      await trx.raw(`
        CREATE TEMP TABLE stats_bookings_paged (LIKE stats_bookings INCLUDING DEFAULTS) ON COMMIT DROP;
        CREATE TEMP TABLE stats_cancellations_paged (LIKE stats_cancellations INCLUDING DEFAULTS) ON COMMIT DROP`);
      const rows = await fillStatsTables(trx, '_paged', 7);
      const differing = async (table: string) =>
        (
          await trx.raw(`SELECT count(*)::int AS n FROM (
            (SELECT * FROM ${table} EXCEPT SELECT * FROM ${table}_paged)
            UNION ALL (SELECT * FROM ${table}_paged EXCEPT SELECT * FROM ${table})) d`)
        ).rows[0].n as number;
      return {
        rows,
        bookings: await differing('stats_bookings'),
        calledOff: await differing('stats_cancellations'),
      };
    });
    expect(paged).toEqual({ rows: verified!.rows, bookings: 0, calledOff: 0 });
    const range = '&from=2026-11-16&to=2026-12-31';
    const live = await stats(members.admin.client, members, range);
    expect(live.body.data.totals.booked).toBeGreaterThan(0);
    await rebuildProjections(api.db, ['stats']);
    expect((await stats(members.admin.client, members, range)).body).toEqual(live.body);

    // The database's sums and the rows read one by one give what the domain makes of the log.
    const log = (
      await api
        .db('events')
        .where({ club_id: members.club._id, stream_type: 'reservation' })
        .orderBy('position')
        .select(EVENT_COLUMNS)
    ).map(toEnvelope) as EventEnvelope<ReservationEvent>[];
    const folded = [...foldStatsFacts(log).bookings.values()];
    const { members: named, ...figures } = live.body.data;
    const expected = computeStats({
      club: { ...members.club, time_zone: 'Europe/Berlin' },
      from: '2026-11-16',
      to: '2026-12-31',
      standing: standingSingles(folded, '2026-11-16', '2026-12-31'),
      bookings: folded.filter((booking) => !isStandingSingle(booking)),
      cancellations: [...foldStatsFacts(log).cancellations.values()],
      blocks: [],
    });
    expect({
      ...figures,
      members: named.map(({ user_id, hours, co_player_hours }) => ({ user_id, hours, co_player_hours })),
    }).toEqual(expected);
  }, 180_000);
});

describe('the migration that adds the stats tables', () => {
  it('fills them from a log that already holds bookings', async () => {
    const members = await clubWithMembers(api.url);
    await book(members.player.client, members, {
      court_num: '1',
      start_time: 12,
      end_time: 13,
      date: '2026-11-24',
    });
    const range = '&from=2026-11-23&to=2026-11-29';
    const before = await stats(members.admin.client, members, range);
    expect(before.body.data.totals.booked).toBe(1);
    await migrateDownThrough(api.db, '20261127000500_stats.ts');
    expect(await migrateLatest(api.db)).toContain('20261127000500_stats.ts');
    expect((await stats(members.admin.client, members, range)).body).toEqual(before.body);
  });
});
