/**
 * Check-in and no-shows through the API (docs/check-in.md): the setting, "Ich bin da", the PIN and
 * the clubhouse screen, the release at its minute by a fake clock, what follows a release (the
 * grid, the Warteliste, the notices, booking it on the spot), no-shows, the pause and forgiving.
 */
import { describe, expect, it } from 'vitest';
import { checkInTexts } from '@platzbuchung/domain/check-in/texts';
import { SYSTEM_ACTOR } from '@platzbuchung/domain/decider';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { purgeOldNoShows, releaseDueHours } from '../src/check-in/release-job';
import { verifyProjections } from '../src/projections/registry';
import type { TestClient } from './support/client';
import { clubWithMembers, loggedIn, signUp, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import { deliverNotices, lastPosition } from './support/notices';
import { listen, listenAt } from './support/live-stream';

/** Monday 23 November 2026, 09:00 in Berlin (UTC+1). */
const NOW = new Date('2026-11-23T08:00:00Z');
const MONDAY = '2026-11-23';
/** 10 Uhr that Monday starts at 09:00 UTC. */
const at = (utcTime: string, date = MONDAY) => new Date(`${date}T${utcTime}Z`);

const api = apiForFile({ now: NOW, rateLimits: { failedLoginsPerClient: 4 } });

const checkIn = {
  required: true,
  opens_min: 15,
  release_after_min: 10,
  strikes: 3,
  strike_days: 28,
  pause_days: 14,
};

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
const saveSettings = (m: Members, changes: Record<string, unknown>) =>
  m.admin.client.request<{ error?: unknown }>('PUT', `/api/admin/club?club_id=${m.club._id}`, {
    ...core(m.club),
    ...changes,
  });

async function clubWithCheckIn(): Promise<Members> {
  const m = await clubWithMembers(api.url);
  expect((await saveSettings(m, { check_in: checkIn })).status).toBe(200);
  return m;
}

async function book(client: TestClient, clubId: string, body: Record<string, unknown>) {
  return client.post<{ data: Reservation[]; error?: string }>('/api/reservations', {
    club_id: clubId,
    court_num: '1',
    date: MONDAY,
    start_time: 10,
    end_time: 11,
    ...body,
  });
}

async function booked(
  client: TestClient,
  clubId: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const response = await book(client, clubId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const { court_num = '1', start_time = 10 } = body;
  return response.body.data.find((r) => r.court_num === court_num && r.start_time === start_time)!._id;
}

const checkInBy = (client: TestClient, clubId: string, id: string) =>
  client.post<{ message?: string; error?: string }>(`/api/reservations/${id}/check-in?club_id=${clubId}`, {});

const dayList = async (client: TestClient, clubId: string, date = MONDAY) =>
  (await client.get<Reservation[]>(`/api/reservations?club_id=${clubId}&from=${date}&to=${date}`)).body;

describe('the check-in setting', () => {
  it('is off by default, saved whole, refused in German and read by members', async () => {
    const m = await clubWithMembers(api.url);
    const rules = await m.player.client.get<Record<string, unknown>>(`/api/club/rules?club_id=${m.club._id}`);
    expect(rules.body.check_in).toEqual(DEFAULT_PLAY_RULES.check_in);
    const refused = await saveSettings(m, { check_in: { ...checkIn, strike_days: 7 } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Die Pause dauert mindestens 1 Tag');
    expect((await saveSettings(m, { check_in: checkIn })).status).toBe(200);
    const after = await m.player.client.get<Record<string, unknown>>(`/api/club/rules?club_id=${m.club._id}`);
    expect(after.body.check_in).toEqual(checkIn);
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
  });

  it('off, nothing is ever released', async () => {
    const m = await clubWithMembers(api.url);
    const id = await booked(m.player.client, m.club._id);
    expect(await releaseDueHours(api.db, at('09:30:00'))).toBe(0);
    expect((await dayList(m.player.client, m.club._id)).map((r) => r._id)).toContain(id);
  });
});

describe('"Ich bin da" in the app', () => {
  it('opens 15 minutes before the start, for the booker and named members only', async () => {
    const m = await clubWithCheckIn();
    const id = await booked(m.player.client, m.club._id);
    api.setNow(at('08:44:00'));
    const early = await checkInBy(m.player.client, m.club._id, id);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe(checkInTexts.outsideWindow(checkIn));
    api.setNow(at('08:50:00'));
    const stranger = await checkInBy(m.admin.client, m.club._id, id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error).toBe(checkInTexts.notYours);
    expect((await checkInBy(m.player.client, m.club._id, id)).status).toBe(200);
    const state = await m.player.client.get<{ checked_in: unknown[] }>(
      `/api/account/check-in?club_id=${m.club._id}`,
    );
    expect(state.body.checked_in).toEqual([{ reservation_id: id, date: MONDAY }]);
    // Checked in: never released.
    expect(await releaseDueHours(api.db, at('09:10:00'))).toBe(0);
    expect((await dayList(m.player.client, m.club._id)).map((r) => r._id)).toContain(id);
  });
});

describe('the release, by a fake clock', () => {
  it('comes at the minute, once, names nobody, frees the hour for anyone and tells the people', async () => {
    const m = await clubWithCheckIn();
    const id = await booked(m.player.client, m.club._id);
    const waiting = await loggedIn(api.url, (await signUp(api.url, m.club._id)).email);
    const joined = await waiting.client.post(`/api/waitlist?club_id=${m.club._id}`, {
      court_num: '1',
      date: MONDAY,
      start_time: 10,
    });
    expect(joined.status).toBe(201);
    const before = await lastPosition(api.db);

    expect(await releaseDueHours(api.db, at('09:09:59'))).toBe(0);
    expect(await releaseDueHours(api.db, at('09:10:00'))).toBe(1);
    expect(await releaseDueHours(api.db, at('09:10:15'))).toBe(0);

    const events = await api.db('events').where({ stream_id: id, type: 'ReservationReleased' });
    expect(events).toHaveLength(1);
    expect(events[0].actor_id).toBe(SYSTEM_ACTOR.user_id);
    expect(Object.keys(events[0].data).sort()).toEqual(['date', 'no_show_id']);
    const log = await m.admin.client.get<{ data: { type: string; actor: { first_name: string } }[] }>(
      `/api/events?club_id=${m.club._id}`,
    );
    expect(log.body.data.find((e) => e.type === 'ReservationReleased')?.actor.first_name).toBe('System');
    expect(await api.db('no_shows').where({ reservation_id: id }).pluck('user_id')).toEqual([
      m.player.user._id,
    ]);
    expect((await dayList(m.player.client, m.club._id)).map((r) => r._id)).not.toContain(id);

    await deliverNotices(api.db, before);
    const mails = await api.db('mail_outbox').where('event_position', '>', before).select('kind', 'user_id');
    expect(mails).toEqual(
      expect.arrayContaining([
        { kind: 'booking-released', user_id: m.player.user._id },
        { kind: 'waitlist-freed', user_id: waiting.user._id },
      ]),
    );

    api.setNow(at('09:11:00'));
    const again = await book(waiting.client, m.club._id, {});
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    // The club's numbers: the hour was released, one no-show; the hour booked on the spot was played.
    const stats = await m.admin.client.get<{ data: { released: unknown; kinds: { member: number } } }>(
      `/api/admin/stats?club_id=${m.club._id}&from=${MONDAY}&to=${MONDAY}`,
    );
    expect(stats.body.data.released).toEqual({ hours: 1, no_shows: 1 });
    expect(stats.body.data.kinds.member).toBe(1);
    const reports = await verifyProjections(api.db);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });

  it('shows at once on every open grid and on the clubhouse screen (the live stream)', async () => {
    const m = await clubWithCheckIn();
    const id = await booked(m.player.client, m.club._id);
    const link = await m.admin.client.post<{ url: string }>(`/api/admin/display?club_id=${m.club._id}`, {});
    const grid = await listen(m.admin.client, `club_id=${m.club._id}`);
    const screen = await listenAt(`${api.url}/api/display/${link.body.url.split('/').at(-1)!}/stream`);
    try {
      expect(await releaseDueHours(api.db, at('09:10:00'))).toBe(1);
      const [change] = await grid.waitForChanges(1);
      expect(change).toMatchObject({ type: 'ReservationReleased', reservation_id: id, reservation: null });
      const [told] = await screen.waitForChanges(1);
      expect(told).toMatchObject({ type: 'ReservationReleased' });
    } finally {
      grid.close();
      screen.close();
    }
  });

  it('a series loses that date only', async () => {
    const m = await clubWithCheckIn();
    const id = await booked(m.admin.client, m.club._id, { recurring: true });
    expect(await releaseDueHours(api.db, at('09:10:00'))).toBe(1);
    expect((await dayList(m.admin.client, m.club._id)).map((r) => r._id)).not.toContain(id);
    expect((await dayList(m.admin.client, m.club._id, '2026-11-30')).map((r) => r._id)).toContain(id);
  });

  it('leaves the club’s labelled bookings alone', async () => {
    const m = await clubWithCheckIn();
    const id = await booked(m.admin.client, m.club._id, { label: 'Training' });
    expect(await releaseDueHours(api.db, at('09:10:00'))).toBe(0);
    expect((await dayList(m.admin.client, m.club._id)).map((r) => r._id)).toContain(id);
  });
});

describe('no-shows and the pause', () => {
  it('three within 28 days pause the member’s own bookings; forgiving one lifts it', async () => {
    const m = await clubWithCheckIn();
    // Three single bookings on three days, none of them checked in for.
    for (const [date, time] of [
      ['2026-11-23', '09:10:00'],
      ['2026-11-24', '09:10:00'],
      ['2026-11-25', '09:10:00'],
    ] as const) {
      api.setNow(at('08:00:00', date));
      await booked(m.player.client, m.club._id, { date, court_num: '3' });
      await releaseDueHours(api.db, at(time, date));
    }
    const own = await api.db('no_shows').where({ user_id: m.player.user._id }).count<{ count: string }[]>();
    expect(Number(own[0]!.count)).toBe(3);

    api.setNow(at('10:00:00', '2026-11-25'));
    const paused = await book(m.player.client, m.club._id, { date: '2026-11-27', court_num: '4' });
    expect(paused.status).toBe(403);
    expect(paused.body.error).toBe(checkInTexts.paused('2026-12-08'));
    const state = await m.player.client.get<{ paused_until: string }>(
      `/api/account/check-in?club_id=${m.club._id}`,
    );
    expect(state.body.paused_until).toBe('2026-12-08');

    const list = await m.admin.client.get<{ data: { _id: string; user_id: string }[] }>(
      `/api/admin/no-shows?club_id=${m.club._id}`,
    );
    const mine = list.body.data.filter((n) => n.user_id === m.player.user._id);
    expect(mine).toHaveLength(3);
    expect(
      (
        await m.player.client.request(
          'DELETE',
          `/api/admin/no-shows/${mine[0]!._id}?club_id=${m.club._id}`,
          {},
        )
      ).status,
    ).toBe(403);
    const forgiven = await m.admin.client.request(
      'DELETE',
      `/api/admin/no-shows/${mine[0]!._id}?club_id=${m.club._id}`,
      {},
    );
    expect(forgiven.status).toBe(204);
    const twice = await m.admin.client.request(
      'DELETE',
      `/api/admin/no-shows/${mine[0]!._id}?club_id=${m.club._id}`,
      {},
    );
    expect(twice.status).toBe(404);
    expect((await book(m.player.client, m.club._id, { date: '2026-11-27', court_num: '4' })).status).toBe(
      201,
    );
  });

  it('older than strike_days they are removed', async () => {
    const m = await clubWithCheckIn();
    await booked(m.player.client, m.club._id, { court_num: '5' });
    await releaseDueHours(api.db, at('09:10:00'));
    expect(await api.db('no_shows').where({ club_id: m.club._id }).count<{ count: number }[]>()).toEqual([
      { count: 1 },
    ]);
    await purgeOldNoShows(api.db, at('12:00:00', '2026-12-20'));
    expect(await api.db('no_shows').where({ club_id: m.club._id }).count<{ count: number }[]>()).toEqual([
      { count: 1 },
    ]);
    await purgeOldNoShows(api.db, at('12:00:00', '2026-12-21'));
    expect(await api.db('no_shows').where({ club_id: m.club._id }).count<{ count: number }[]>()).toEqual([
      { count: 0 },
    ]);
  });
});

describe('the PIN and the clubhouse screen', () => {
  it('a member sets a PIN, hashed; a tap with it checks in and names nobody; wrong PINs count like logins', async () => {
    const m = await clubWithCheckIn();
    const bad = await m.player.client.request<{ error: unknown }>('PUT', '/api/account/pin', { pin: '12a4' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain(checkInTexts.pinInvalid);
    expect((await m.player.client.request('PUT', '/api/account/pin', { pin: '4711' })).status).toBe(200);
    const stored = await api.db('users').where({ id: m.player.user._id }).first('check_in_pin_hash');
    expect(stored.check_in_pin_hash).toMatch(/^\$2[aby]\$/);
    const exported = await m.player.client.get<{ check_in: unknown }>('/api/account/export');
    expect(exported.body.check_in).toEqual({ pin_set: true, no_shows: [] });

    const id = await booked(m.player.client, m.club._id);
    const link = await m.admin.client.post<{ url: string }>(`/api/admin/display?club_id=${m.club._id}`, {});
    const secret = link.body.url.split('/').at(-1)!;
    const tap = (pin: string) =>
      fetch(`${api.url}/api/display/${secret}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ court_num: '1', pin }),
      });
    api.setNow(at('08:50:00'));
    const wrong = await tap('0000');
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: string }).error).toBe(checkInTexts.pinUnknown);
    const right = await tap('4711');
    expect(right.status).toBe(200);
    const text = await right.text();
    expect(text).toContain(checkInTexts.screenCheckedIn('Platz 1'));
    expect(text).not.toContain(m.player.user.last_name);
    expect(await api.db('check_ins').where({ reservation_id: id }).pluck('user_id')).toEqual([
      m.player.user._id,
    ]);

    const attempts = [];
    for (let n = 0; n < 4; n++) attempts.push((await tap('0000')).status);
    expect(attempts).toContain(429);
  });
});
