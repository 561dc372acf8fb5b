import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '@platzbuchung/domain/admin/texts';
import { addDays } from '@platzbuchung/domain/dates';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { reservationsAtCut } from '../src/reservations/as-of';
import { TestClient } from './support/client';
import { clubWithMembers, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

const NOW = new Date('2026-11-23T09:30:00Z');
const MONDAY = '2026-11-23';

const api = apiForFile({ now: NOW });

const settingsOf = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
/**
 * A club's club-local and play rules as registration leaves them: the test API's APP_TIMEZONE,
 * and nothing else.
 */
const DEFAULT_LOCAL_RULES = {
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  rules: '',
  display_names: 'initials',
  ...DEFAULT_PLAY_RULES,
  court_names: {},
  prices: [],
  split_court_fee: false,
  payment: 'none',
  sepa: null,
};

describe('every admin endpoint: anonymous 401, player 403, admin of another club 403, admin 200', () => {
  let members: Members;
  let other: Members;
  beforeAll(async () => {
    members = await clubWithMembers(api.url);
    other = await clubWithMembers(api.url);
  });

  const calls = (m: Members) => {
    const q = `club_id=${m.club._id}`;
    return [
      ['GET', `/api/admin/members?${q}`, undefined],
      ['PUT', `/api/admin/members/${m.player.user._id}/role?${q}`, { role: 'player' }],
      ['PUT', `/api/admin/club?${q}`, settingsOf(m.club)],
      ['GET', `/api/admin/changes?${q}`, undefined],
      ['GET', `/api/admin/as-of?${q}&at=${NOW.toISOString()}`, undefined],
      ['GET', `/api/events?${q}`, undefined],
      ['PUT', `/api/admin/members/${m.player.user._id}/status?${q}`, { status: 'active' }],
      ['POST', `/api/admin/members/${m.player.user._id}/cancel-upcoming?${q}`, {}],
      ['GET', `/api/admin/notices?${q}`, undefined],
      ['GET', `/api/admin/club?${q}`, undefined],
    ] as const;
  };

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])('call %i', async (index) => {
    const [method, path, body] = calls(members)[index]!;
    const status = async (client: TestClient) => (await client.request(method, path, body)).status;
    expect(await status(new TestClient(api.url))).toBe(401);
    expect(await status(members.player.client)).toBe(403);
    expect(await status(other.admin.client)).toBe(403);
    expect(await status(members.admin.client)).toBe(200);
  });
});

describe('club settings', () => {
  it('saves valid settings, records who changed what, and the grid sees them at once', async () => {
    const members = await clubWithMembers(api.url);
    const changed = { ...settingsOf(members.club), courts_count: 8, end_hour: 22, name: ' TC Neu ' };
    const response = await members.admin.client.request(
      'PUT',
      `/api/admin/club?club_id=${members.club._id}`,
      changed,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      message: adminTexts.settingsSaved,
      data: {
        ...changed,
        ...DEFAULT_LOCAL_RULES,
        name: 'TC Neu',
        _id: members.club._id,
        member_approval: false,
        has_rules: false,
      },
    });
    const clubs = (await members.player.client.get<Club[]>('/api/clubs')).body;
    expect(clubs.find((c) => c._id === members.club._id)).toMatchObject({
      courts_count: 8,
      end_hour: 22,
      name: 'TC Neu',
    });
    const booked = await members.player.client.post('/api/reservations', {
      club_id: members.club._id,
      court_num: '8',
      start_time: 21,
      end_time: 22,
      date: MONDAY,
    });
    expect(booked.status).toBe(201);

    const changes = await members.admin.client.get<
      { kind: string; actor: { last_name: string }; data: { before: Club; after: Club } }[]
    >(`/api/admin/changes?club_id=${members.club._id}`);
    expect(changes.body[0]).toMatchObject({
      kind: 'settings_changed',
      actor: { last_name: 'Müller-Lüdenscheidt' },
      data: { before: { courts_count: 6 }, after: { courts_count: 8 } },
    });
  });

  it('refuses a change that would strand future reservations, listing them', async () => {
    const members = await clubWithMembers(api.url);
    await members.admin.client.post('/api/reservations', {
      club_id: members.club._id,
      court_num: '6',
      start_time: 18,
      end_time: 20,
      date: '2026-11-30',
      recurring: true,
    });
    const fewer = { ...settingsOf(members.club), courts_count: 5 };
    const response = await members.admin.client.request<{ error: string }>(
      'PUT',
      `/api/admin/club?club_id=${members.club._id}`,
      fewer,
    );
    expect(response.status).toBe(409);
    expect(response.body.error).toContain(adminTexts.settingsStrand(1));
    expect(response.body.error).toContain(
      'Platz 6, Mo., 30.11.2026 (wiederkehrend), 18-20 Uhr: Platz entfällt',
    );
    const shorter = await members.admin.client.request<{ error: string }>(
      'PUT',
      `/api/admin/club?club_id=${members.club._id}`,
      {
        ...settingsOf(members.club),
        end_hour: 19,
      },
    );
    expect(shorter.body.error).toContain('außerhalb der Öffnungszeiten');
    const unchanged = (await members.admin.client.get<Club[]>('/api/clubs')).body.find(
      (c) => c._id === members.club._id,
    );
    expect(unchanged).toEqual(members.club);
  });

  it('validates with the club schema: field errors for bad values and unknown fields', async () => {
    const members = await clubWithMembers(api.url);
    const response = await members.admin.client.request<{ error: { instancePath: string }[] }>(
      'PUT',
      `/api/admin/club?club_id=${members.club._id}`,
      { ...settingsOf(members.club), courts_count: 21, start_hour: 20, end_hour: 10, owner: 'x' },
    );
    expect(response.status).toBe(400);
    expect(response.body.error.map((e) => e.instancePath).sort()).toEqual([
      '/courts_count',
      '/end_hour',
      '/owner',
    ]);
  });
});

describe('members and roles', () => {
  it('lists members with role and registration date; promotes and demotes, never the last admin', async () => {
    const members = await clubWithMembers(api.url);
    const path = (id: string) => `/api/admin/members/${id}/role?club_id=${members.club._id}`;
    const list = await members.admin.client.get<
      { _id: string; role: string; created_at: string; email: string }[]
    >(`/api/admin/members?club_id=${members.club._id}`);
    expect(list.body).toHaveLength(2);
    expect(list.body.every((m) => m.created_at && m.email && ['admin', 'player'].includes(m.role))).toBe(
      true,
    );

    const lastAdmin = await members.admin.client.request('PUT', path(members.admin.user._id), {
      role: 'player',
    });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body).toEqual({ error: adminTexts.lastAdmin });

    expect(
      (await members.admin.client.request('PUT', path(members.player.user._id), { role: 'admin' })).status,
    ).toBe(200);
    // The promoted player has admin rights on the very next request.
    expect((await members.player.client.get(`/api/admin/members?club_id=${members.club._id}`)).status).toBe(
      200,
    );
    expect(
      (await members.player.client.request('PUT', path(members.admin.user._id), { role: 'player' })).status,
    ).toBe(200);
    expect((await members.admin.client.get(`/api/admin/members?club_id=${members.club._id}`)).status).toBe(
      403,
    );

    const changes = await members.player.client.get<{ kind: string }[]>(
      `/api/admin/changes?club_id=${members.club._id}`,
    );
    expect(changes.body.map((c) => c.kind)).toEqual(['role_changed', 'role_changed']);
    expect(
      (await members.player.client.request('PUT', path(members.admin.user._id), { role: 'owner' })).status,
    ).toBe(400);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const members = await clubWithMembers(api.url);
    const path = (id: string) => `/api/admin/members/${id}/role?club_id=${members.club._id}`;
    await members.admin.client.request('PUT', path(members.player.user._id), { role: 'admin' });
    const results = await Promise.all([
      members.admin.client.request('PUT', path(members.player.user._id), { role: 'player' }),
      members.player.client.request('PUT', path(members.admin.user._id), { role: 'player' }),
    ]);
    // Whichever runs second is refused: as the last admin (409) or as no admin any more (403).
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await api.db('users').where({ club_id: members.club._id, role: 'admin' });
    expect(admins).toHaveLength(1);
  });
});

describe('Stand am: the grid as it was', () => {
  it('equals the live read model now, and the read model as it was after every earlier command', async () => {
    const members = await clubWithMembers(api.url, { courts_count: 3 });
    const snapshots: { position: number; rows: Reservation[] }[] = [];
    const live = async () =>
      (await members.admin.client.get<Reservation[]>(`/api/reservations?club_id=${members.club._id}`)).body;
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 60; i++) {
      const rows = await live();
      const client = next(2) ? members.admin.client : members.player.client;
      if (rows.length && next(3) === 0) {
        const target = rows[next(rows.length)]!;
        await client.post(`/api/reservations?reservation_id=${target._id}`, {
          form_method: 'delete',
          date: target.recurring ? addDays(target.date, 7 * next(3)) : target.date,
          delete_type: (['once', 'once_and_future', 'all'] as const)[next(3)],
        });
      } else {
        const start = 8 + next(10);
        await client.post('/api/reservations', {
          club_id: members.club._id,
          court_num: String(1 + next(3)),
          start_time: start,
          end_time: start + 1,
          date: addDays(MONDAY, next(14)),
          ...(client === members.admin.client && next(4) === 0 ? { recurring: true } : {}),
        });
      }
      const last = await api.db('events').where({ club_id: members.club._id }).max({ p: 'club_seq' }).first();
      snapshots.push({ position: Number(last?.p ?? 0), rows: await live() });
    }
    const byId = (rows: Reservation[]) => [...rows].sort((a, b) => a._id.localeCompare(b._id));
    const now = await members.admin.client.get<{ data: Reservation[] }>(
      `/api/admin/as-of?club_id=${members.club._id}&at=${NOW.toISOString()}`,
    );
    expect(byId(now.body.data)).toEqual(byId(await live()));
    for (const snapshot of snapshots) {
      const then = await members.admin.client.get<{ data: Reservation[] }>(
        `/api/admin/as-of?club_id=${members.club._id}&position=${snapshot.position}`,
      );
      expect(byId(then.body.data)).toEqual(byId(snapshot.rows));
    }
  });

  it("shows a player's cancelled reservation at a moment before the cancellation", async () => {
    const members = await clubWithMembers(api.url);
    const made = await members.player.client.post<{ data: Reservation[] }>('/api/reservations', {
      club_id: members.club._id,
      court_num: '3',
      start_time: 17,
      end_time: 18,
      date: '2026-11-24',
    });
    const id = made.body.data[0]!._id;
    api.setNow(new Date('2026-11-23T15:00:00Z'));
    await members.player.client.post(`/api/reservations?reservation_id=${id}`, {
      form_method: 'delete',
      date: '2026-11-24',
      delete_type: 'all',
    });
    const path = (at: string) => `/api/admin/as-of?club_id=${members.club._id}&date=2026-11-24&at=${at}`;
    const before = await members.admin.client.get<{ data: Reservation[] }>(path('2026-11-23T12:00:00Z'));
    expect(before.body.data).toEqual([
      expect.objectContaining({ _id: id, court_num: '3', user_id: members.player.user._id }),
    ]);
    const after = await members.admin.client.get<{ data: Reservation[] }>(path('2026-11-23T15:00:00Z'));
    expect(after.body.data).toEqual([]);
    expect((await members.admin.client.get(path('2030-01-01T00:00:00Z'))).status).toBe(400);
    expect((await members.admin.client.get(path('gestern'))).status).toBe(400);
  });
});

describe('Stand am in pages', () => {
  type AsOfPage = { position: number; club: Club; data: Reservation[]; next: { after: string } | null };

  it('answers at most `limit` reservations a page, with a cursor to the next; the pages are the whole grid', async () => {
    const members = await clubWithMembers(api.url);
    for (const [court, date] of [
      ['1', MONDAY],
      ['2', MONDAY],
      ['1', addDays(MONDAY, 1)],
      ['3', addDays(MONDAY, 2)],
      ['2', addDays(MONDAY, 3)],
    ] as const) {
      const made = await members.admin.client.post('/api/reservations', {
        club_id: members.club._id,
        court_num: court,
        start_time: 15,
        end_time: 16,
        date,
      });
      expect(made.status).toBe(201);
    }
    const q = `club_id=${members.club._id}`;
    const whole = await members.admin.client.get<AsOfPage>(`/api/admin/as-of?${q}&at=${NOW.toISOString()}`);
    expect(whole.body.data).toHaveLength(5);
    expect(whole.body.next).toBeNull();

    const pages: AsOfPage[] = [];
    let after: string | undefined;
    do {
      const page = await members.admin.client.get<AsOfPage>(
        `/api/admin/as-of?${q}&position=${whole.body.position}&limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(Object.keys(page.body).sort()).toEqual(['club', 'data', 'next', 'position']);
      expect(page.body.position).toBe(whole.body.position);
      pages.push(page.body);
      after = page.body.next?.after;
    } while (after !== undefined && pages.length < 10);
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((page) => page.data)).toEqual(whole.body.data);
  });

  it('folds the log read a few events at a time exactly as read at once', async () => {
    const members = await clubWithMembers(api.url);
    const made = await members.admin.client.post<{ data: Reservation[] }>('/api/reservations', {
      club_id: members.club._id,
      court_num: '1',
      start_time: 15,
      end_time: 16,
      date: MONDAY,
      recurring: true,
    });
    const series = made.body.data[0]!._id;
    for (const court of ['2', '3', '4']) {
      const body = {
        club_id: members.club._id,
        court_num: court,
        start_time: 15,
        end_time: 16,
        date: MONDAY,
      };
      expect((await members.admin.client.post('/api/reservations', body)).status).toBe(201);
    }
    const deleted = await members.admin.client.post(`/api/reservations?reservation_id=${series}`, {
      form_method: 'delete',
      date: addDays(MONDAY, 7),
      delete_type: 'once',
    });
    expect(deleted.status).toBe(200);
    for (const cut of [{ at: NOW }, { clubSeq: 3 }, { clubSeq: 5 }]) {
      const atOnce = await reservationsAtCut(api.db, members.club._id, cut, 1000);
      for (const perRead of [1, 2, 5]) {
        expect(await reservationsAtCut(api.db, members.club._id, cut, perRead), JSON.stringify(cut)).toEqual(
          atOnce,
        );
      }
    }
    const now = await reservationsAtCut(api.db, members.club._id, { at: NOW }, 2);
    expect(now.clubSeq).toBe(5);
    expect(now.rows.find((r) => r._id === series)!.deleted_dates).toEqual([addDays(MONDAY, 7)]);
  });

  it('refuses a limit beyond the page size or a malformed cursor with a German 400', async () => {
    const members = await clubWithMembers(api.url);
    const q = `club_id=${members.club._id}&position=0`;
    for (const query of ['limit=0', 'limit=501', 'limit=zwei', 'after=irgendwo', 'after=2026-11-23']) {
      const response = await members.admin.client.get<{ error: string }>(`/api/admin/as-of?${q}&${query}`);
      expect(response.status, query).toBe(400);
      expect(typeof response.body.error, query).toBe('string');
    }
  });
});

describe('settings and role changes in the one log', () => {
  it('the event log lists them beside the bookings, numbered by the club alone', async () => {
    const members = await clubWithMembers(api.url);
    const q = `club_id=${members.club._id}`;
    await members.admin.client.request('PUT', `/api/admin/club?${q}`, {
      ...settingsOf(members.club),
      courts_count: members.club.courts_count + 2,
    });
    await members.admin.client.request('PUT', `/api/admin/members/${members.player.user._id}/role?${q}`, {
      role: 'admin',
    });
    const page = await members.admin.client.get<{
      data: { type: string; position: number; stream_type: string }[];
    }>(`/api/events?${q}`);
    expect(page.body.data.map((e) => [e.type, e.position, e.stream_type])).toEqual([
      ['MemberRoleChanged', 2, 'member'],
      ['ClubSettingsChanged', 1, 'club'],
    ]);
    const onlySettings = await members.admin.client.get<{ data: { type: string }[] }>(
      `/api/events?${q}&type=ClubSettingsChanged`,
    );
    expect(onlySettings.body.data.map((e) => e.type)).toEqual(['ClubSettingsChanged']);
  });

  it('"Stand am" shows the courts and hours the club had at that moment', async () => {
    const members = await clubWithMembers(api.url);
    const q = `club_id=${members.club._id}`;
    const before = settingsOf(members.club);
    api.setNow(new Date('2026-11-23T10:00:00Z'));
    await members.admin.client.request('PUT', `/api/admin/club?${q}`, {
      ...before,
      courts_count: 7,
      end_hour: 22,
    });
    api.setNow(new Date('2026-11-23T12:00:00Z'));
    const asOf = (at: string) =>
      members.admin.client.get<{ club: Club }>(`/api/admin/as-of?${q}&at=${at}&date=${MONDAY}`);
    expect((await asOf('2026-11-23T09:59:00Z')).body.club).toEqual({
      _id: members.club._id,
      ...before,
      ...DEFAULT_LOCAL_RULES,
      member_approval: false,
    });
    expect((await asOf('2026-11-23T10:00:00Z')).body.club).toMatchObject({ courts_count: 7, end_hour: 22 });
    const atFirst = await members.admin.client.get<{ club: Club }>(`/api/admin/as-of?${q}&position=0`);
    expect(atFirst.body.club).toMatchObject({ courts_count: before.courts_count });
  });
});
