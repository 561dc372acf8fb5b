import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, SessionUser, UserListEntry } from '@platzbuchung/domain/types';
import { TestClient } from './support/client';
import { PASSWORD, clubBody, clubWithMembers, loggedIn, registerClub, signUp } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
let anonymous: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  anonymous = new TestClient(api.url);
});
afterAll(() => api.close());

describe('POST /api/clubs', () => {
  it('creates the club and its admin, answering message and the clubs', async () => {
    const body = clubBody({ courts_count: '12' });
    const response = await anonymous.post<{ message: string; data: Club[] }>('/api/clubs', body);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(texts.clubCreated);
    const club = response.body.data.find((c) => c.name === body.name);
    expect(club).toEqual({
      _id: expect.any(String),
      name: body.name,
      courts_count: 12,
      start_hour: 8,
      end_hour: 20,
      reservations_limit: 3,
      member_approval: false,
      // The club-local rules every remote needs (the Platzordnung only as "has one"), as registered.
      time_zone: 'Europe/Berlin',
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      has_rules: false,
      // No court has a name of its own yet (each is "Platz N").
      court_names: {},
    });
    const admin = await api.db('users').where({ club_id: club!._id }).first();
    expect(admin).toMatchObject({ role: 'admin', first_name: 'Jürgen', last_name: 'Müller-Lüdenscheidt' });
    expect(admin.password_hash).toMatch(/^\$2[aby]\$/);
  });

  it('refuses a taken e-mail (any letter case) as a field error and writes no club', async () => {
    const first = clubBody();
    await anonymous.post('/api/clubs', first);
    const clubsBefore = await api.countRows('clubs');
    const response = await anonymous.post('/api/clubs', clubBody({ email: first.email.toUpperCase() }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: [{ instancePath: '/email', message: texts.emailTaken }] });
    expect(await api.countRows('clubs')).toBe(clubsBefore);
  });

  it('reports every invalid field at once', async () => {
    const response = await anonymous.post<{ error: { instancePath: string }[] }>('/api/clubs', {
      name: 'X',
      courts_count: 21,
      start_hour: 10,
      end_hour: 9,
      reservations_limit: 0,
      first_name: 'J',
      last_name: 'M1',
      email: 'nope',
      password: 'short',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.map((e) => e.instancePath).sort()).toEqual(
      [
        '/courts_count',
        '/email',
        '/end_hour',
        '/first_name',
        '/last_name',
        '/name',
        '/password',
        '/privacy',
        '/reservations_limit',
      ].sort(),
    );
  });
});

describe('GET /api/clubs', () => {
  it('lists clubs with the original client’s fields, the club-local rules and court names only', async () => {
    const { club } = await registerClub(api.url);
    const response = await anonymous.get<Club[]>('/api/clubs');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual(club);
    for (const listed of response.body) {
      expect(Object.keys(listed).sort()).toEqual(
        // The original client's fields, whether the club approves new members (the sign-up form may say so),
        // and the club-local rules every remote needs (the Platzordnung only as "has one").
        [
          ...['_id', 'courts_count', 'end_hour', 'name', 'reservations_limit', 'start_hour'],
          'member_approval',
          ...['time_zone', 'booking_horizon_days', 'cancel_deadline_hours', 'has_rules'],
          // What each court is called (docs/architecture/club-time.md, "Court names").
          'court_names',
        ].sort(),
      );
    }
  });
});

describe('POST /api/signup', () => {
  it('registers a player and answers message and the club members', async () => {
    const { club } = await registerClub(api.url);
    const response = await anonymous.post<{ message: string; data: UserListEntry[] }>('/api/signup', {
      club_id: club._id,
      first_name: 'Łukasz',
      last_name: 'Öztürk-Weber',
      email: 'lukasz@example.de',
      password: PASSWORD,
      privacy: 'agree',
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe(texts.signedUp);
    expect(response.body.data).toHaveLength(2);
    expect(response.body.data).toContainEqual({
      _id: expect.any(String),
      first_name: 'Łukasz',
      last_name: 'Öztürk-Weber',
    });
    for (const user of response.body.data)
      expect(Object.keys(user).sort()).toEqual(['_id', 'first_name', 'last_name']);
    const stored = await api.db('users').whereRaw('lower(email) = ?', ['lukasz@example.de']).first();
    expect(stored.role).toBe('player');
  });

  it('refuses an unknown club and a duplicate e-mail as field errors', async () => {
    const { club, email } = await registerClub(api.url);
    const base = { first_name: 'Boris', last_name: 'Becker', password: PASSWORD, privacy: 'agree' };
    const unknownClub = await anonymous.post('/api/signup', {
      ...base,
      club_id: '00000000-0000-4000-8000-000000000000',
      email: 'boris@example.de',
    });
    expect(unknownClub.status).toBe(400);
    expect(unknownClub.body).toEqual({ error: [{ instancePath: '/club_id', message: texts.clubUnknown }] });
    const duplicate = await anonymous.post('/api/signup', {
      ...base,
      club_id: club._id,
      email: ` ${email.toUpperCase()}`,
    });
    expect(duplicate.status).toBe(400);
  });

  it('counts a new password in bytes, as bcrypt reads it: 72 pass, 74 are refused at the field', async () => {
    const { club } = await registerClub(api.url);
    const withPassword = (password: string) => ({
      club_id: club._id,
      first_name: 'Boris',
      last_name: 'Becker',
      email: `bytes-${password.length}@example.de`,
      password,
      privacy: 'agree',
    });
    // Two passwords that differ only after byte 72 would be one and the same for bcrypt.
    const tooLong = await anonymous.post('/api/signup', withPassword(`Ab1!${'ä'.repeat(35)}`));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ error: [{ instancePath: '/password', message: texts.passwordTooLong }] });
    const clubTooLong = await anonymous.post('/api/clubs', clubBody({ password: `Ab1!${'ä'.repeat(35)}` }));
    expect(clubTooLong.body).toEqual({
      error: [{ instancePath: '/password', message: texts.passwordTooLong }],
    });

    expect((await anonymous.post('/api/signup', withPassword(`Ab1!${'ä'.repeat(34)}`))).status).toBe(201);
  });

  it('refuses a player who tries to make themselves admin', async () => {
    const { club } = await registerClub(api.url);
    const response = await anonymous.post('/api/signup', {
      club_id: club._id,
      first_name: 'Boris',
      last_name: 'Becker',
      email: 'boris-admin@example.de',
      password: PASSWORD,
      privacy: 'agree',
      role: 'admin',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: [{ instancePath: '/role', message: texts.unknownField('role') }],
    });
  });
});

describe('sessions', () => {
  it('login sets an httpOnly SameSite=Lax cookie, verifyAuth sees it, logout ends it for good', async () => {
    const { club, email } = await registerClub(api.url);
    const client = new TestClient(api.url);
    const login = await client.post<SessionUser>('/api/login', {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({
      _id: expect.any(String),
      club_id: club._id,
      role: 'admin',
      first_name: 'Jürgen',
      last_name: 'Müller-Lüdenscheidt',
      email,
      status: 'active',
    });
    const cookies = login.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/samesite=lax/i);
    }

    const verified = await client.get<SessionUser>('/api/verifyAuth');
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual(login.body);

    const stolenCookie = client.cookieHeader();
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ message: texts.loggedOut });
    expect(await client.get('/api/verifyAuth')).toMatchObject({
      status: 200,
      body: { error: texts.notLoggedIn },
    });

    const replay = new TestClient(api.url);
    replay.setCookieHeader(stolenCookie);
    const replayed = await replay.get('/api/verifyAuth');
    expect(replayed.status).toBe(200);
    expect(replayed.body).toEqual({ error: texts.notLoggedIn });
  });

  it('gives a new session id on login, so an id planted before login is worthless', async () => {
    const { email } = await registerClub(api.url);
    const client = new TestClient(api.url);
    await client.post('/api/login', { email, password: 'wrong-password' });
    const before = client.cookieHeader();
    await client.post('/api/login', { email, password: PASSWORD });
    expect(client.cookieHeader()).not.toBe(before);
    expect(await api.countRows('sessions')).toBeGreaterThan(0);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await registerClub(api.url);
    const wrong = await anonymous.post('/api/login', { email, password: 'Falsch123!' });
    const unknown = await anonymous.post('/api/login', {
      email: 'niemand@example.de',
      password: 'Falsch123!',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: [{ instancePath: '/email', message: texts.wrongCredentials }] });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('never answers a password hash', async () => {
    const { email } = await registerClub(api.url);
    const { client, user } = await loggedIn(api.url, email);
    const responses = [
      JSON.stringify(user),
      JSON.stringify((await client.get('/api/verifyAuth')).body),
      JSON.stringify((await client.get(`/api/users?club_id=${user.club_id}`)).body),
      JSON.stringify((await client.get('/api/clubs')).body),
    ];
    for (const text of responses) expect(text).not.toMatch(/password|\$2[aby]\$/);
  });
});

describe('GET /api/users', () => {
  it('lists the own club to a player, names only', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const response = await player.client.get<UserListEntry[]>(`/api/users?club_id=${club._id}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    for (const user of response.body)
      expect(Object.keys(user).sort()).toEqual(['_id', 'first_name', 'last_name']);
  });

  it('refuses anonymous (401) and another club (403)', async () => {
    const { club } = await clubWithMembers(api.url);
    const other = await clubWithMembers(api.url);
    expect((await anonymous.get(`/api/users?club_id=${club._id}`)).status).toBe(401);
    const foreign = await other.player.client.get(`/api/users?club_id=${club._id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: texts.forbidden });
    expect((await other.admin.client.get(`/api/users?club_id=${club._id}`)).status).toBe(403);
  });

  it('lists the own club when the call names no club', async () => {
    const { club, player } = await clubWithMembers(api.url);
    const named = await player.client.get<UserListEntry[]>(`/api/users?club_id=${club._id}`);
    const unnamed = await player.client.get<UserListEntry[]>('/api/users');
    expect(unnamed.status).toBe(200);
    expect(unnamed.body).toEqual(named.body);
    expect(unnamed.body).toHaveLength(2);
  });
});

describe('rate limits', () => {
  it('blocks a client after repeated failed logins for one address, even with the right password, with a German 429', async () => {
    const { email } = await registerClub(api.url);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await anonymous.post('/api/login', { email, password: 'Falsch123!' })).status).toBe(401);
    }
    const blocked = await anonymous.post('/api/login', { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: [{ instancePath: '/email', message: texts.tooManyRequests }] });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member of the same club house is not locked out by this.
    const { club } = await registerClub(api.url);
    const neighbour = await signUp(api.url, club._id);
    expect((await anonymous.post('/api/login', { email: neighbour.email, password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('limits one client loosely across many addresses', async () => {
    const limited = await startTestApi({ db: api.db, rateLimits: { failedLoginsPerClient: 3 } });
    try {
      const client = new TestClient(limited.url);
      for (let attempt = 0; attempt < 3; attempt++) {
        await client.post('/api/login', { email: `guess${attempt}@example.de`, password: 'Falsch123!' });
      }
      expect(
        (await client.post('/api/login', { email: 'guess9@example.de', password: 'Falsch123!' })).status,
      ).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('schemas', () => {
  it.each(['signup', 'club', 'login', 'resetPassword'])('serves /schema/%s.json', async (name) => {
    const response = await anonymous.get<{ $id: string; required: string[] }>(`/schema/${name}.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body.$id).toBe(name);
    expect(response.body.required.length).toBeGreaterThan(0);
  });

  it('answers 404 JSON for an unknown schema', async () => {
    const response = await anonymous.get('/schema/admin.json');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: texts.apiNotFound });
  });
});
