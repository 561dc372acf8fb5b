import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { Reservation } from '@platzbuchung/domain/types';
import { rebuildProjections, verifyProjections } from '../src/projections/registry';
import { startApiProcess } from './support/api-process';
import { TestClient } from './support/client';
import { clubWithMembers, loggedIn, playersAcross, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';

const api = apiForFile({ now: NOW });

type ListAnswer = { data: Reservation[]; error?: string };

async function book(client: TestClient, members: Members, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<ListAnswer>('/api/reservations', { club_id: members.club._id, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const made = response.body.data.find(
    (r) => r.court_num === body.court_num && r.date === body.date && r.start_time === body.start_time,
  );
  return made!._id;
}

const change = (client: TestClient, members: Members, id: string, body: Record<string, unknown>) =>
  client.request<ListAnswer>('PUT', `/api/reservations/${id}?club_id=${members.club._id}`, body);

const playerSlot = { court_num: '1', start_time: 12, end_time: 13, date: TUESDAY };

describe('PUT /api/reservations/:id — who may', () => {
  let members: Members;
  let other: Members;
  beforeAll(async () => {
    members = await clubWithMembers(api.url);
    other = await clubWithMembers(api.url);
  });

  it('anonymous 401, another player 403, an admin of another club 403, the owner and the admin 200', async () => {
    const id = await book(members.player.client, members, playerSlot);
    const moved = { ...playerSlot, start_time: 14, end_time: 15 };
    expect((await change(new TestClient(api.url), members, id, moved)).status).toBe(401);
    const stranger = await loggedIn(api.url, (await signUp(api.url, members.club._id)).email);
    const refused = await change(stranger.client, members, id, moved);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: reservationTexts.notOwnToChange });
    expect((await change(other.admin.client, members, id, moved)).status).toBe(403);
    const byOwner = await change(members.player.client, members, id, moved);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.data.find((r) => r._id === id)).toMatchObject({ start_time: 14, end_time: 15 });
    const byAdmin = await change(members.admin.client, members, id, {
      ...moved,
      court_num: '2',
      label: 'Match',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.find((r) => r._id === id)).toMatchObject({ court_num: '2', label: 'Match' });
  });

  it('an unknown, malformed or cancelled booking is 404; bad input 400; nothing is written', async () => {
    const count = async () => Number((await api.db('events').count({ n: '*' }))[0]!.n);
    const before = await count();
    const unknown = await change(
      members.admin.client,
      members,
      '00000000-0000-4000-8000-000000000000',
      playerSlot,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: reservationTexts.reservationNotFound });
    expect((await change(members.admin.client, members, 'nope', playerSlot)).status).toBe(404);
    for (const bad of [
      {},
      { ...playerSlot, court_num: 'x' },
      { ...playerSlot, scope: 'some' },
      { ...playerSlot, extra: 1 },
    ]) {
      const response = await change(
        members.admin.client,
        members,
        '00000000-0000-4000-8000-000000000000',
        bad,
      );
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(typeof response.body.error).toBe('string');
    }
    expect(await count()).toBe(before);

    const id = await book(members.player.client, members, { ...playerSlot, start_time: 16, end_time: 17 });
    await members.player.client.post(`/api/reservations?reservation_id=${id}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    expect((await change(members.player.client, members, id, playerSlot)).status).toBe(404);
  });
});

describe('PUT /api/reservations/:id — the rules of a booking', () => {
  it('a taken slot answers 409 with the conflict text; a player may not edit into 2 hours', async () => {
    const members = await clubWithMembers(api.url);
    const mine = await book(members.player.client, members, playerSlot);
    await book(members.admin.client, members, { ...playerSlot, court_num: '2' });
    const taken = await change(members.player.client, members, mine, { ...playerSlot, court_num: '2' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: reservationTexts.conflict('2', TUESDAY, 12) });
    const twoHours = await change(members.player.client, members, mine, { ...playerSlot, end_time: 14 });
    expect(twoHours.status).toBe(403);
    expect(twoHours.body).toEqual({ error: reservationTexts.playerOneHourOnly });
  });

  it('an admin moves one week of a series and the rest stays; the history names both', async () => {
    const members = await clubWithMembers(api.url);
    const series = await book(members.admin.client, members, {
      court_num: '3',
      start_time: 18,
      end_time: 20,
      date: TUESDAY,
      recurring: true,
      label: 'Training',
    });
    const moved = await change(members.admin.client, members, series, {
      court_num: '4',
      start_time: 18,
      end_time: 20,
      date: addDays(TUESDAY, 8),
      label: 'Training',
      scope: 'once',
      occurrence_date: addDays(TUESDAY, 7),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const rows = moved.body.data;
    expect(rows.find((r) => r._id === series)).toMatchObject({ deleted_dates: [addDays(TUESDAY, 7)] });
    expect(rows.find((r) => r._id !== series)).toMatchObject({
      court_num: '4',
      date: addDays(TUESDAY, 8),
      recurring: false,
    });
    const log = await members.admin.client.get<{ data: { type: string }[] }>(
      `/api/events?club_id=${members.club._id}`,
    );
    expect(log.body.data.map((e) => e.type).slice(0, 3)).toEqual([
      'ReservationMade',
      'OccurrenceCancelled',
      'ReservationMade',
    ]);
  });
});

describe('two edits racing for one slot, over two API processes', () => {
  it('never double-book: one wins, the other gets 409', async () => {
    api.setNow(undefined);
    const members = await clubWithMembers(api.url, { courts_count: 4 });
    const other = await startApiProcess(api.databaseUrl!);
    try {
      const day = addDays(new Date().toISOString().slice(0, 10), 3);
      const players = await playersAcross([api.url, other.url], members.club._id, 8);
      // Each holds a booking at a different hour; all then ask to move to 19:00 on court 1.
      const ids = await Promise.all(
        players.map((client, i) =>
          book(client, members, { court_num: '2', start_time: 8 + i, end_time: 9 + i, date: day }),
        ),
      );
      const target = { court_num: '1', start_time: 19, end_time: 20, date: day };
      const responses = await Promise.all(
        players.map((client, i) =>
          client.request('PUT', `/api/reservations/${ids[i]}?club_id=${members.club._id}`, target),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(players.length - 1);
      const held = await api
        .db('reservations')
        .where({ club_id: members.club._id, date: day, court_num: '1' });
      expect(held).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});

describe('the read model after many changes', () => {
  it('equals a replay of the log after 300 random bookings, moves and series splits', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4, reservations_limit: 5 });
    let seed = 20261124;
    const next = (n: number) => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed % n;
    };
    let known: Reservation[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < 300; i++) {
      const client = next(3) === 0 ? members.player.client : members.admin.client;
      const isAdmin = client === members.admin.client;
      const start = 8 + next(11);
      const slot = {
        court_num: String(1 + next(4)),
        start_time: start,
        end_time: start + (isAdmin ? 1 + next(2) : 1),
        date: addDays(TUESDAY, next(28)),
      };
      let response;
      if (known.length && next(2) === 0) {
        const target = known[next(known.length)]!;
        const occurrence = target.recurring ? addDays(target.date, 7 * next(5)) : undefined;
        const scope = (['once', 'once_and_future', 'all'] as const)[next(3)];
        response = await change(client, members, target._id, {
          ...slot,
          ...(target.recurring ? { scope, occurrence_date: occurrence } : {}),
        });
      } else {
        response = await client.post<ListAnswer>('/api/reservations', {
          club_id: members.club._id,
          ...slot,
          ...(isAdmin && next(3) === 0 ? { recurring: true } : {}),
        });
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
      if (response.status < 300) known = response.body.data;
    }
    expect(statuses.get(200)).toBeGreaterThan(20);
    const [report] = await verifyProjections(api.db, ['reservations']);
    expect(report!.differences).toEqual([]);
    const live = await api.db('reservations').orderBy('id').select('*');
    await rebuildProjections(api.db, ['reservations']);
    expect(await api.db('reservations').orderBy('id').select('*')).toEqual(live);
  }, 120_000);
});

describe('several courts at once', () => {
  it('an admin books three courts as one group; deleting with whole_group takes all three', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4 });
    const body = {
      club_id: members.club._id,
      start_time: 17,
      end_time: 19,
      date: TUESDAY,
      label: 'Training',
    };
    const booked = await members.admin.client.post<ListAnswer>('/api/reservations', {
      ...body,
      court_nums: ['1', '2', '3'],
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const group = booked.body.data.filter((r) => r.group_id);
    expect(group.map((r) => r.court_num).sort()).toEqual(['1', '2', '3']);
    expect(new Set(group.map((r) => r.group_id)).size).toBe(1);

    const again = await members.admin.client.post<ListAnswer>('/api/reservations', {
      ...body,
      court_nums: ['3', '4'],
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(reservationTexts.conflict('3', TUESDAY, 17));
    expect(await api.db('reservations').where({ club_id: members.club._id, court_num: '4' })).toEqual([]);

    const byPlayer = await members.player.client.post<ListAnswer>('/api/reservations', {
      ...body,
      end_time: 18,
      label: undefined,
      court_nums: ['4'],
    });
    expect(byPlayer.status).toBe(403);
    const both = await members.admin.client.post<ListAnswer>('/api/reservations', {
      ...body,
      court_num: '4',
      court_nums: ['4'],
    });
    expect(both.status).toBe(400);

    const deleted = await members.admin.client.post<ListAnswer>(
      `/api/reservations?reservation_id=${group[1]!._id}`,
      {
        form_method: 'delete',
        date: TUESDAY,
        delete_type: 'all',
        whole_group: true,
      },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.filter((r) => r.group_id)).toEqual([]);
  });
});

describe('changing a group', () => {
  it('whole_group moves every court of the group alike, each keeping its court; without it only one', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4 });
    const booked = await members.admin.client.post<ListAnswer>('/api/reservations', {
      club_id: members.club._id,
      start_time: 17,
      end_time: 19,
      date: TUESDAY,
      court_nums: ['1', '2', '3'],
    });
    const group = booked.body.data.filter((r) => r.group_id);
    const chosen = group.find((r) => r.court_num === '2')!;
    const moved = await change(members.admin.client, members, chosen._id, {
      court_num: '2',
      start_time: 18,
      end_time: 20,
      date: TUESDAY,
      whole_group: true,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(
      moved.body.data
        .filter((r) => r.group_id === chosen.group_id)
        .map((r) => [r.court_num, r.start_time, r.end_time])
        .sort(),
    ).toEqual([
      ['1', 18, 20],
      ['2', 18, 20],
      ['3', 18, 20],
    ]);

    // All or none: court 4 taken at 10:00 does not matter, court 3 taken does.
    await members.player.client.post('/api/reservations', {
      court_num: '3',
      start_time: 10,
      end_time: 11,
      date: TUESDAY,
    });
    const refused = await change(members.admin.client, members, chosen._id, {
      court_num: '2',
      start_time: 9,
      end_time: 11,
      date: TUESDAY,
      whole_group: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(reservationTexts.conflict('3', TUESDAY, 10));
    const unchanged = await members.admin.client.get<Reservation[]>(
      `/api/reservations?club_id=${members.club._id}`,
    );
    expect(unchanged.body.filter((r) => r.group_id).every((r) => r.start_time === 18)).toBe(true);

    const one = await change(members.admin.client, members, chosen._id, {
      court_num: '2',
      start_time: 8,
      end_time: 9,
      date: TUESDAY,
    });
    expect(one.status).toBe(200);
    expect(
      one.body.data
        .filter((r) => r.group_id === chosen.group_id)
        .map((r) => r.start_time)
        .sort(),
    ).toEqual([18, 18, 8].sort());
  });
});

/** The club names co-players where a booking wants to, guests among them. */
async function namingGuests(members: Members) {
  const { club } = members;
  const saved = await members.admin.client.request('PUT', `/api/admin/club?club_id=${club._id}`, {
    name: club.name,
    courts_count: club.courts_count,
    start_hour: club.start_hour,
    end_hour: club.end_hour,
    reservations_limit: club.reservations_limit,
    co_players: 'optional',
    guests: true,
  });
  expect(saved.status).toBe(200);
}

describe('a group names nobody', () => {
  it('a whole-group change or a booking over several courts that names a guest is refused in German; one court names its guest in a change of its own, and the name is kept', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 4 });
    const { club } = members;
    await namingGuests(members);
    const slot = { club_id: club._id, start_time: 17, end_time: 19, date: TUESDAY };
    const guests = [{ guest_name: 'Gerda Gast' }];
    const namedGroup = await members.admin.client.post<ListAnswer>('/api/reservations', {
      ...slot,
      court_nums: ['1', '2'],
      players: guests,
    });
    expect(namedGroup.status).toBe(400);
    expect(namedGroup.body).toEqual({ error: reservationTexts.groupNamesNobody });

    const booked = await members.admin.client.post<ListAnswer>('/api/reservations', {
      ...slot,
      court_nums: ['1', '2'],
    });
    const chosen = booked.body.data.find((r) => r.group_id && r.court_num === '1')!;
    const whole = await change(members.admin.client, members, chosen._id, {
      court_num: '1',
      start_time: 17,
      end_time: 19,
      date: TUESDAY,
      whole_group: true,
      players: guests,
    });
    expect(whole.status).toBe(400);
    expect(whole.body).toEqual({ error: reservationTexts.groupNamesNobody });

    const one = await change(members.admin.client, members, chosen._id, {
      court_num: '1',
      start_time: 17,
      end_time: 19,
      date: TUESDAY,
      players: guests,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.data.find((r) => r._id === chosen._id)?.players).toEqual(guests);
    const kept = await api.db('reservation_guests').where({ reservation_id: chosen._id }).pluck('name');
    expect(kept).toEqual(['Gerda Gast']);
  });
});

describe('changing the players of one booking', () => {
  it('is counted per booking: past 6 changes of its players in 15 minutes, 429 in German; a move without players still goes', async () => {
    const members = await clubWithMembers(api.url);
    await namingGuests(members);
    const id = await book(members.player.client, members, playerSlot);
    const statuses = [];
    for (const name of [
      'Gerda Gast',
      'Gustav Gast',
      'Gerda Gast',
      'Gustav Gast',
      'Gerda Gast',
      'Gustav Gast',
      'Gerda Gast',
    ]) {
      statuses.push(
        (await change(members.player.client, members, id, { ...playerSlot, players: [{ guest_name: name }] }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const refused = await change(members.player.client, members, id, { ...playerSlot, players: [] });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: texts.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const moved = await change(members.player.client, members, id, {
      ...playerSlot,
      start_time: 14,
      end_time: 15,
    });
    expect(moved.status).toBe(200);
  });
});
