/**
 * Club-local rules through the API: each club's time zone decides its "today" and "past", players
 * answer to the club's booking horizon and cancellation deadline (admins do not), the settings are
 * saved as events with "absent = unchanged", and members read the Platzordnung.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { localRulesTexts } from '@platzbuchung/domain/clubs/local-rules';
import { DEFAULT_PLAY_RULES } from '@platzbuchung/domain/players/play-rules';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, Reservation } from '@platzbuchung/domain/types';
import { lockClub } from '../src/commands/club-lock';
import { appendEvents } from '../src/events/store';
import { project, rebuildProjections, verifyProjections } from '../src/projections/registry';
import { TestClient } from './support/client';
import { clubBody, clubWithMembers, type Members } from './support/fixtures';
import { apiForFile } from './support/api-for-file';

// Monday 23 November 2026, 12:00 UTC: already Tuesday 02:00 in Kiritimati, still Monday 01:00 in Pago Pago.
const NOW = new Date('2026-11-23T12:00:00Z');

const api = apiForFile({ now: NOW });

const core = (club: Club) => ({
  name: club.name,
  courts_count: club.courts_count,
  start_hour: club.start_hour,
  end_hour: club.end_hour,
  reservations_limit: club.reservations_limit,
});
const saveSettings = (m: Members, changes: Record<string, unknown>) =>
  m.admin.client.request('PUT', `/api/admin/club?club_id=${m.club._id}`, { ...core(m.club), ...changes });
const clubRow = (id: string) =>
  api.db('clubs').where({ id }).first('time_zone', 'booking_horizon_days', 'cancel_deadline_hours', 'rules');
const book = (client: TestClient, club: Club, date: string, hour: number) =>
  client.post<{ data: Reservation[] }>('/api/reservations', {
    club_id: club._id,
    court_num: '1',
    start_time: hour,
    end_time: hour + 1,
    date,
  });

describe('two clubs on either side of the date line, at the same instant', () => {
  let kiritimati: Members;
  let pagoPago: Members;
  beforeAll(async () => {
    kiritimati = await clubWithMembers(api.url, { time_zone: 'Pacific/Kiritimati', start_hour: 1 });
    pagoPago = await clubWithMembers(api.url, { time_zone: 'Pacific/Pago_Pago', start_hour: 1 });
  });

  it('are registered with their own zone and tell every member', async () => {
    const clubs = (await new TestClient(api.url).get<Club[]>('/api/clubs')).body;
    expect(clubs.find((c) => c._id === kiritimati.club._id)?.time_zone).toBe('Pacific/Kiritimati');
    expect(clubs.find((c) => c._id === pagoPago.club._id)?.time_zone).toBe('Pacific/Pago_Pago');
  });

  it('see a different "today": Monday evening is over in Kiritimati and still ahead in Pago Pago', async () => {
    const late = await book(kiritimati.player.client, kiritimati.club, '2026-11-23', 18);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: texts.pastReservation });
    expect((await book(pagoPago.player.client, pagoPago.club, '2026-11-23', 18)).status).toBe(201);
  });

  it('see different hours as past on their own today', async () => {
    // Kiritimati: Tuesday 02:xx — 1 o'clock has passed, 2 o'clock may still be booked.
    expect((await book(kiritimati.player.client, kiritimati.club, '2026-11-24', 1)).status).toBe(400);
    expect((await book(kiritimati.admin.client, kiritimati.club, '2026-11-24', 2)).status).toBe(201);
    // Pago Pago: Monday 01:xx — the same wall hours a day earlier.
    expect((await book(pagoPago.admin.client, pagoPago.club, '2026-11-23', 1)).status).toBe(201);
    expect((await book(pagoPago.admin.client, pagoPago.club, '2026-11-24', 1)).status).toBe(201);
  });
});

describe('registration', () => {
  it('gives a club without a zone the operator’s APP_TIMEZONE and the rules clubs had before local rules', async () => {
    const { club } = await clubWithMembers(api.url);
    expect(club).toMatchObject({
      time_zone: 'Europe/Berlin',
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      has_rules: false,
    });
  });

  it('refuses an unknown zone in German and creates nothing', async () => {
    const clubs = await api.countRows('clubs');
    const response = await new TestClient(api.url).post(
      '/api/clubs',
      clubBody({ time_zone: 'Mars/Olympus' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: [{ instancePath: '/time_zone', message: localRulesTexts.unknownTimeZone('Mars/Olympus') }],
    });
    expect(await api.countRows('clubs')).toBe(clubs);
  });
});

describe('saving the club-local rules', () => {
  it('records each change as an event and leaves absent fields unchanged', async () => {
    const m = await clubWithMembers(api.url);
    const saved = await saveSettings(m, {
      time_zone: 'Asia/Tokyo',
      booking_horizon_days: 14,
      cancel_deadline_hours: 24,
      rules: 'Nur mit Sandplatzschuhen.\nPlatz nach dem Spiel abziehen.',
    });
    expect(saved.status).toBe(200);
    expect(await clubRow(m.club._id)).toEqual({
      time_zone: 'Asia/Tokyo',
      booking_horizon_days: 14,
      cancel_deadline_hours: 24,
      rules: 'Nur mit Sandplatzschuhen.\nPlatz nach dem Spiel abziehen.',
    });
    // Only the core fields: the club-local rules stay as they are.
    expect((await saveSettings(m, { courts_count: 5 })).status).toBe(200);
    expect(await clubRow(m.club._id)).toMatchObject({ time_zone: 'Asia/Tokyo', booking_horizon_days: 14 });
    // null clears the horizon.
    expect((await saveSettings(m, { booking_horizon_days: null })).status).toBe(200);
    expect((await clubRow(m.club._id))?.booking_horizon_days).toBeNull();

    const events = await api
      .db('events')
      .where({ club_id: m.club._id, type: 'ClubSettingsChanged' })
      .orderBy('club_seq')
      .select('data');
    expect(events).toHaveLength(3);
    expect(events[0].data.before).toMatchObject({ time_zone: 'Europe/Berlin', booking_horizon_days: null });
    expect(events[0].data.after).toMatchObject({ time_zone: 'Asia/Tokyo', cancel_deadline_hours: 24 });

    const changes = await m.admin.client.get<{ data: unknown }[]>(`/api/admin/changes?club_id=${m.club._id}`);
    expect(changes.body).toHaveLength(3);
  });

  const badInputs: [string, Record<string, unknown>, string, string | RegExp][] = [
    [
      'an unknown zone',
      { time_zone: 'Mars/Olympus' },
      '/time_zone',
      localRulesTexts.unknownTimeZone('Mars/Olympus'),
    ],
    ['a path for a zone', { time_zone: '../../etc' }, '/time_zone', /gültige Zeitzone/],
    ['a horizon of 0 days', { booking_horizon_days: 0 }, '/booking_horizon_days', /zwischen 1 und 365 Tagen/],
    [
      'a horizon of 366 days',
      { booking_horizon_days: 366 },
      '/booking_horizon_days',
      /zwischen 1 und 365 Tagen/,
    ],
    ['a deadline of -1 hours', { cancel_deadline_hours: -1 }, '/cancel_deadline_hours', /zwischen 0 und 168/],
    [
      'a deadline of 169 hours',
      { cancel_deadline_hours: 169 },
      '/cancel_deadline_hours',
      /zwischen 0 und 168/,
    ],
    ['rules of 5,001 characters', { rules: 'x'.repeat(5001) }, '/rules', /höchstens 5\.000 Zeichen/],
  ];

  it.each(badInputs)(
    'refuses %s with a German field error and changes nothing',
    async (_what, body, path, message) => {
      const m = await clubWithMembers(api.url);
      const events = await api.countRows('events');
      const before = await clubRow(m.club._id);
      const response = await saveSettings(m, body);
      expect(response.status).toBe(400);
      const errors = (response.body as { error: { instancePath: string; message: string }[] }).error;
      expect(errors).toHaveLength(1);
      expect(errors[0]!.instancePath).toBe(path);
      expect(errors[0]!.message).toMatch(message);
      expect(await api.countRows('events')).toBe(events);
      expect(await clubRow(m.club._id)).toEqual(before);
    },
  );

  it('accepts the Platzordnung at exactly 5,000 characters', async () => {
    const m = await clubWithMembers(api.url);
    expect((await saveSettings(m, { rules: 'ä'.repeat(5000) })).status).toBe(200);
  });
});

describe('the Platzordnung', () => {
  it('is read by the club’s members as plain text; the club list only says that there is one', async () => {
    const m = await clubWithMembers(api.url);
    const rules = '1. <b>Sandplatzschuhe</b>\n2. Abziehen & fegen';
    await saveSettings(m, { rules });
    const read = await m.player.client.get<{ rules: string }>(`/api/club/rules?club_id=${m.club._id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      rules,
      ...DEFAULT_PLAY_RULES,
      prices: [],
      payment: 'none',
      own_category: 'mitglied',
    });
    const listed = (await m.player.client.get<Club[]>('/api/clubs')).body.find((c) => c._id === m.club._id);
    expect(listed).toMatchObject({ has_rules: true });
    expect(listed).not.toHaveProperty('rules');
  });

  it('is for members only: anonymous 401, another club’s member 403, without club_id the own club', async () => {
    const m = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    const path = `/api/club/rules?club_id=${m.club._id}`;
    expect((await new TestClient(api.url).get(path)).status).toBe(401);
    expect((await other.player.client.get(path)).status).toBe(403);
    expect((await other.admin.client.get(path)).status).toBe(403);
    expect((await m.player.client.get('/api/club/rules')).body).toEqual({
      rules: '',
      ...DEFAULT_PLAY_RULES,
      prices: [],
      payment: 'none',
      own_category: 'mitglied',
    });
  });
});

describe('the booking horizon and cancellation deadline', () => {
  // Berlin: Monday 23 November, 13:xx.
  it('refuse a player beyond the horizon and let the admin book there', async () => {
    const m = await clubWithMembers(api.url);
    await saveSettings(m, { booking_horizon_days: 7 });
    expect((await book(m.player.client, m.club, '2026-11-30', 10)).status).toBe(201);
    const beyond = await book(m.player.client, m.club, '2026-12-01', 10);
    expect(beyond.status).toBe(403);
    expect(beyond.body).toEqual({ error: reservationTexts.beyondHorizon(7, 'Mo., 30.11.2026') });
    expect((await book(m.admin.client, m.club, '2026-12-01', 10)).status).toBe(201);
  });

  it('refuse a player cancelling or moving their own booking after the deadline; admins may', async () => {
    const m = await clubWithMembers(api.url);
    await saveSettings(m, { cancel_deadline_hours: 24 });
    const booked = async (date: string) =>
      (await book(m.player.client, m.club, date, 12)).body.data.find((r) => r.date === date)!;
    const soon = await booked('2026-11-24');
    const later = await booked('2026-11-25');
    const deletion = { form_method: 'delete', date: '2026-11-24', delete_type: 'all' };
    const deleted = await m.player.client.post(`/api/reservations?reservation_id=${soon._id}`, deletion);
    expect(deleted.status).toBe(403);
    expect(deleted.body).toEqual({
      error: reservationTexts.pastCancelDeadline(24, 'Mo., 23.11.2026, 12:00 Uhr'),
    });
    const moved = await m.player.client.request('PUT', `/api/reservations/${soon._id}`, {
      court_num: '2',
      start_time: 12,
      end_time: 13,
      date: '2026-11-24',
    });
    expect(moved.status).toBe(403);
    const movedLater = await m.player.client.request('PUT', `/api/reservations/${later._id}`, {
      court_num: '2',
      start_time: 12,
      end_time: 13,
      date: '2026-11-25',
    });
    expect(movedLater.status).toBe(200);
    const byAdmin = await m.admin.client.post(`/api/reservations?reservation_id=${soon._id}`, deletion);
    expect(byAdmin.status).toBe(200);
  });
});

describe('settings events from before the club-local rules', () => {
  it('still replay: the rules read as the defaults, the zone stays, rebuild and verify agree', async () => {
    const m = await clubWithMembers(api.url, { time_zone: 'Asia/Tokyo' });
    await saveSettings(m, { booking_horizon_days: 14, cancel_deadline_hours: 24, rules: 'Alt' });
    // A settings change as it was written before the club-local rules existed: core fields only.
    const legacy = { ...core(m.club), courts_count: 5 };
    await api.db.transaction(async (trx) => {
      await lockClub(trx, m.club._id);
      const stored = await appendEvents(
        trx,
        [{ type: 'ClubSettingsChanged', club_id: m.club._id, data: { before: core(m.club), after: legacy } }],
        new Map(),
        { club_id: m.club._id, actor_id: m.admin.user._id, occurred_at: NOW },
      );
      await project(trx, stored);
    });
    await rebuildProjections(api.db, ['club-settings']);
    expect(await clubRow(m.club._id)).toEqual({
      time_zone: 'Asia/Tokyo',
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      rules: '',
    });
    const [report] = await verifyProjections(api.db, ['club-settings']);
    expect(report!.differences).toEqual([]);
    // The log describes it without the fields it never had.
    const changes = await m.admin.client.get<{ data: { after: object } }[]>(
      `/api/admin/changes?club_id=${m.club._id}`,
    );
    expect(changes.body[0]!.data.after).toEqual(legacy);
  });
});
