import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import * as texts from '@platzbuchung/domain/texts';
import type { SessionUser } from '@platzbuchung/domain/types';
import { insertOutboxMail } from '@platzbuchung/outbox/outbox';
import type { AccountExport } from '../src/accounts/export';
import { TestClient } from './support/client';
import { PASSWORD, clubWithMembers, loggedIn, signUp } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

const NEW_PASSWORD = 'Netzroller9?';
const NEXT_MONDAY = '2026-11-30';

let api: TestApi;
let anonymous: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  api.setNow(new Date('2026-11-23T08:00:00Z'));
  anonymous = new TestClient(api.url);
});
afterAll(() => api.close());

const put = <T = unknown>(client: TestClient, path: string, body: unknown) =>
  client.request<T>('PUT', path, body);

describe('PUT /api/account (the name)', () => {
  it('changes the name; the session check and the club list show the new one', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const response = await put<{ message: string; data: SessionUser }>(player.client, '/api/account', {
      first_name: 'Stefanie',
      last_name: 'Graf-Agassi',
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(accountTexts.nameChanged);
    expect(response.body.data).toMatchObject({
      _id: player.user._id,
      first_name: 'Stefanie',
      last_name: 'Graf-Agassi',
    });
    expect((await player.client.get<SessionUser>('/api/verifyAuth')).body).toMatchObject({
      first_name: 'Stefanie',
      last_name: 'Graf-Agassi',
    });
    const members = await player.client.get<SessionUser[]>(`/api/users?club_id=${club._id}`);
    expect(members.body.find((m) => m._id === player.user._id)).toMatchObject({ first_name: 'Stefanie' });
  });

  it('refuses a bad name with the German texts of sign-up and changes nothing', async () => {
    const { player } = await clubWithMembers(api.url);
    const response = await put<{ error: { instancePath: string; message: string }[] }>(
      player.client,
      '/api/account',
      { first_name: 'S', last_name: 'Graf1' },
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual([
      { instancePath: '/first_name', message: 'Der Vorname muss aus 2 bis 40 Buchstaben bestehen.' },
      {
        instancePath: '/last_name',
        message: 'Der Nachname muss aus 2 bis 40 Buchstaben bestehen (Bindestrich erlaubt).',
      },
    ]);
    const missing = await put(player.client, '/api/account', { first_name: 'Steffi' });
    expect(missing.status).toBe(400);
    const extra = await put(player.client, '/api/account', {
      first_name: 'Steffi',
      last_name: 'Graf',
      email: 'x@example.de',
    });
    expect(extra.status).toBe(400);
    expect(await api.db('users').where({ id: player.user._id }).first('first_name')).toEqual({
      first_name: 'Steffi',
    });
  });

  it('needs a login', async () => {
    const response = await put<{ error: string }>(anonymous, '/api/account', {
      first_name: 'Steffi',
      last_name: 'Graf',
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe(texts.notLoggedIn);
  });
});

describe('PUT /api/account/password', () => {
  it('changes the password, ends every other session of the member and keeps this one', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const otherDevice = await loggedIn(api.url, player.user.email);
    const stranger = await loggedIn(api.url, (await signUp(api.url, club._id)).email);

    const response = await put<{ message: string }>(player.client, '/api/account/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(accountTexts.passwordChanged);

    expect((await player.client.get<SessionUser>('/api/verifyAuth')).body).toMatchObject({
      _id: player.user._id,
    });
    expect((await otherDevice.client.get('/api/verifyAuth')).body).toEqual({ error: texts.notLoggedIn });
    expect((await api.db('sessions').where({ user_id: player.user._id })).length).toBe(1);
    // Another member's login is none of this change's business.
    expect((await stranger.client.get<SessionUser>('/api/verifyAuth')).body).toMatchObject({
      _id: stranger.user._id,
    });

    const oldLogin = await anonymous.post('/api/login', { email: player.user.email, password: PASSWORD });
    expect(oldLogin.status).toBe(401);
    await loggedIn(api.url, player.user.email, NEW_PASSWORD);
  });

  it('refuses a wrong current password under current_password and keeps the old one', async () => {
    const { player } = await clubWithMembers(api.url);
    const otherDevice = await loggedIn(api.url, player.user.email);
    const response = await put(player.client, '/api/account/password', {
      current_password: 'Falsch123!',
      password: NEW_PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: [{ instancePath: '/current_password', message: accountTexts.wrongCurrentPassword }],
    });
    expect((await otherDevice.client.get<SessionUser>('/api/verifyAuth')).body).toMatchObject({
      _id: player.user._id,
    });
    await loggedIn(api.url, player.user.email, PASSWORD);
  });

  it('refuses a weak new password with the rule of sign-up', async () => {
    const { player } = await clubWithMembers(api.url);
    const weak = await put<{ error: { instancePath: string; message: string }[] }>(
      player.client,
      '/api/account/password',
      { current_password: PASSWORD, password: 'einfach' },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.error).toEqual([
      {
        instancePath: '/password',
        message:
          'Das Passwort braucht mindestens 8 Zeichen (höchstens 72), darunter einen Klein- und einen Großbuchstaben, eine Ziffer und ein Sonderzeichen.',
      },
    ]);
    const tooManyBytes = await put<{ error: { message: string }[] }>(player.client, '/api/account/password', {
      current_password: PASSWORD,
      password: `Aa1!${'ä'.repeat(40)}`,
    });
    expect(tooManyBytes.status).toBe(400);
    expect(tooManyBytes.body.error[0]!.message).toBe(texts.passwordTooLong);
    const same = await put(player.client, '/api/account/password', {
      current_password: PASSWORD,
      password: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ error: [{ instancePath: '/password', message: accountTexts.samePassword }] });
    await loggedIn(api.url, player.user.email, PASSWORD);
  });

  it('limits wrong current passwords like logins: 429 even for the right one once they are used up', async () => {
    const { player } = await clubWithMembers(api.url);
    for (let i = 0; i < 5; i++) {
      const wrong = await put(player.client, '/api/account/password', {
        current_password: `Falsch${i}23!`,
        password: NEW_PASSWORD,
      });
      expect(wrong.status).toBe(400);
    }
    const limited = await put<{ error: string }>(player.client, '/api/account/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(texts.tooManyRequests);
    await loggedIn(api.url, player.user.email, PASSWORD);
  });

  it('needs a login', async () => {
    const response = await put(anonymous, '/api/account/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/account/export', () => {
  async function exported(client: TestClient) {
    const response = await client.get<AccountExport>('/api/account/export');
    expect(response.status).toBe(200);
    return response;
  }

  it('is a JSON file to download, for a person to read', async () => {
    const { player } = await clubWithMembers(api.url);
    const response = await exported(player.client);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="platzbuchung-meine-daten-2026-11-23.json"',
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const raw = await (
      await fetch(`${api.url}/api/account/export`, { headers: { Cookie: player.client.cookieHeader() } })
    ).text();
    expect(raw).toContain('\n  "profile": {');
  });

  it("holds the member's profile, membership, bookings with their history, mails and sessions, and nothing of other members", async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const other = await loggedIn(
      api.url,
      (await signUp(api.url, club._id, { first_name: 'Boris', last_name: 'Becker' })).email,
    );
    const book = (client: TestClient, court: string, start: number) =>
      client.post('/api/reservations', {
        club_id: club._id,
        court_num: court,
        start_time: start,
        end_time: start + 1,
        date: NEXT_MONDAY,
      });
    expect((await book(player.client, '1', 10)).status).toBe(201);
    expect((await book(player.client, '2', 12)).status).toBe(201);
    expect((await book(other.client, '3', 10)).status).toBe(201);
    // The admin cancels one of the player's bookings: part of the player's history, without naming the admin.
    const [cancelled] = await api.db('reservations').where({ user_id: player.user._id, court_num: '2' });
    const cancel = await admin.client.post(`/api/reservations?reservation_id=${cancelled.id}`, {
      club_id: club._id,
      form_method: 'delete',
      date: NEXT_MONDAY,
      delete_type: 'all',
    });
    expect(cancel.status).toBe(200);
    // The player's own change to another member's standing cannot happen (no admin); the other
    // member's own booking is what must stay out.
    await insertOutboxMail(api.db, {
      kind: 'booking-confirmed',
      clubId: club._id,
      userId: player.user._id,
      recipientConfirmed: true,
      to: player.user.email,
      toName: 'Steffi Graf',
      payload: {
        firstName: 'Steffi',
        lastName: 'Graf',
        link: 'http://localhost:3000/reservations',
        facts: {
          kind: 'booking-confirmed',
          clubName: club.name,
          slot: { court: '1', date: NEXT_MONDAY, start: 10, end: 11 },
        },
      },
    });
    await post(player.client, '/api/account/calendar');

    const { body } = await exported(player.client);
    expect(body.profile).toMatchObject({
      id: player.user._id,
      first_name: 'Steffi',
      last_name: 'Graf',
      email: player.user.email,
      booking_confirmations: false,
      co_player_notices: true,
    });
    expect(body.membership).toMatchObject({
      club: { id: club._id, name: club.name },
      role: 'player',
      status: 'active',
      history: [],
    });
    expect(body.membership.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    expect(body.bookings).toHaveLength(2);
    const kept = body.bookings.find((b) => b.now?.court_num === '1')!;
    expect(kept.now).toMatchObject({ date: NEXT_MONDAY, start_time: 10, end_time: 11, recurring: false });
    expect(kept.history).toEqual([
      expect.objectContaining({ type: 'ReservationMade', title: 'Reservierung angelegt', by_me: true }),
    ]);
    const gone = body.bookings.find((b) => b.reservation_id === cancelled.id)!;
    expect(gone.now).toBeNull();
    expect(gone.history.map((e) => [e.type, e.by_me])).toEqual([
      ['ReservationMade', true],
      ['ReservationCancelled', false],
    ]);

    expect(body.calendar_link).toEqual({ exists: true, created_at: expect.any(String) });
    expect(body.email_change).toEqual({
      pending: false,
      new_email: null,
      requested_at: null,
      expires_at: null,
    });
    // The link mailed at sign-up, then the booking's confirmation.
    expect(body.mails).toEqual([
      {
        kind: 'email-confirmation',
        subject: 'E-Mail-Adresse bestätigen',
        status: 'waiting',
        created_at: expect.any(String),
        sent_at: null,
      },
      {
        kind: 'booking-confirmed',
        subject: `Buchungsbestätigung ${club.name}: Platz 1, Mo., 30.11.2026, 10-11 Uhr`,
        status: 'waiting',
        created_at: expect.any(String),
        sent_at: null,
      },
    ]);
    expect(body.sessions).toEqual({ count: 1, last_used_at: expect.any(String) });

    const text = JSON.stringify(body);
    const feed = await api.db('calendar_feeds').where({ user_id: player.user._id }).first();
    for (const foreign of [
      other.user.email,
      'Becker',
      other.user._id,
      admin.user.email,
      admin.user._id,
      'Müller-Lüdenscheidt',
      feed.secret_hash.toString('hex'),
      feed.seed.toString('base64url'),
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it("lists what the member did in others' streams without their data", async () => {
    const { club, admin, player } = await clubWithMembers(api.url);
    const role = await put(admin.client, `/api/admin/members/${player.user._id}/role?club_id=${club._id}`, {
      role: 'admin',
    });
    expect(role.status).toBe(200);
    const adminsExport = (await exported(admin.client)).body;
    expect(adminsExport.actions_in_the_club).toEqual([
      {
        type: 'MemberRoleChanged',
        title: 'Rolle geändert',
        occurred_at: expect.any(String),
        stream_type: 'member',
      },
    ]);
    expect(JSON.stringify(adminsExport)).not.toContain(player.user._id);
    // The player sees the change to their own membership, not who made it.
    const playersExport = (await exported(player.client)).body;
    expect(playersExport.membership.history).toEqual([
      expect.objectContaining({ type: 'MemberRoleChanged', by_me: false }),
    ]);
    expect(JSON.stringify(playersExport)).not.toContain(admin.user._id);
  });

  it('needs a login', async () => {
    expect((await anonymous.get('/api/account/export')).status).toBe(401);
  });
});

function post(client: TestClient, path: string) {
  return client.post(path);
}
