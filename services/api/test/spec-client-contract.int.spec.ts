/**
 * The contract with clients written against the original call list: request by request what such a
 * client sends (numbers as strings from its form fields, `recurring: "true"`, `label: null`, bookings
 * without `club_id` and `user_id`, deletes as POST with `form_method`), and the answer shapes it
 * reads (`_id`, `court_num` as a string, `YYYY-MM-DD` dates, `{data}` lists, `{message, data}`,
 * error lists for forms and `{error: "text"}` for reservation refusals).
 */
import { describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import type { Club, Reservation, SessionUser, UserListEntry } from '@platzbuchung/domain/types';
import { TestClient, type JsonResponse } from './support/client';
import { unique } from './support/fixtures';
import { apiForFile } from './support/api-for-file';
import { startTestApi } from './support/test-api';

/** Monday 2026-11-23, 10:30 in Berlin. */
const NOW = new Date('2026-11-23T09:30:00Z');
const TUESDAY = '2026-11-24';
const NEXT_TUESDAY = '2026-12-01';
const PASSWORD = 'Aufschlag1!';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const api = apiForFile({ now: NOW });

const uniqueEmail = (who: string) => `${who}-${unique()}@example.de`;

type FieldErrors = { error: { instancePath: string; message: string }[] };
type ListAnswer = { data: Reservation[] };

/** A form refusal as such a client reads it: a list of `{instancePath, message}`, nothing else. */
function expectFormErrors(response: JsonResponse, status: number, expected: FieldErrors['error']) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error: expected });
}

/** A reservation refusal: one German sentence in `error`. */
function expectReservationRefusal(response: JsonResponse, status: number) {
  expect(response.status).toBe(status);
  expect(Object.keys(response.body as object)).toEqual(['error']);
  expect(typeof (response.body as { error: unknown }).error).toBe('string');
}

function expectReservationShape(reservation: Reservation) {
  expect(Object.keys(reservation)).toEqual(expect.arrayContaining(['_id', 'club_id', 'user_id']));
  expect(reservation).not.toHaveProperty('id');
  expect(typeof reservation.court_num).toBe('string');
  expect(typeof reservation.start_time).toBe('number');
  expect(typeof reservation.end_time).toBe('number');
  expect(reservation.date).toMatch(ISO_DATE);
  expect(typeof reservation.recurring).toBe('boolean');
  expect(Array.isArray(reservation.deleted_dates)).toBe(true);
}

/** The club form as its fields hold it: every value a string, only non-empty ones sent. */
function clubForm(email: string) {
  return {
    name: `TC Vertrag ${unique()}`,
    courts_count: '3',
    start_hour: '8',
    end_hour: '20',
    reservations_limit: '2',
    first_name: 'Jürgen',
    last_name: 'Müller-Lüdenscheidt',
    email,
    password: PASSWORD,
    privacy: 'agree',
  };
}

async function registeredClub() {
  const adminEmail = uniqueEmail('admin');
  const form = clubForm(adminEmail);
  const response = await new TestClient(api.url).post<{ data: Club[] }>('/api/clubs', form);
  expect(response.status).toBe(201);
  return { club: response.body.data.find((c) => c.name === form.name)!, adminEmail };
}

async function signedUpPlayer(clubId: string) {
  const email = uniqueEmail('player');
  const response = await new TestClient(api.url).post('/api/signup', {
    club_id: clubId,
    first_name: 'Steffi',
    last_name: 'Graf',
    email,
    password: PASSWORD,
    privacy: 'agree',
  });
  expect(response.status).toBe(201);
  return email;
}

async function loggedInClient(email: string) {
  const client = new TestClient(api.url);
  const response = await client.post<SessionUser>('/api/login', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { client, user: response.body };
}

/** What the grid's popup sends for a one-hour booking: no club, no user, `label: null`. */
const popupBooking = (overrides: Record<string, unknown> = {}) => ({
  court_num: '2',
  start_time: 10,
  end_time: 11,
  date: TUESDAY,
  label: null,
  recurring: false,
  ...overrides,
});

describe('registration, sign-up and login as such a client sends them', () => {
  it('registers a club from string-valued form fields and answers {message, data} with the clubs', async () => {
    const form = clubForm(uniqueEmail('admin'));
    const response = await new TestClient(api.url).post<{ message: string; data: Club[] }>(
      '/api/clubs',
      form,
    );
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['data', 'message']);
    expect(response.body.message).toBe(texts.clubCreated);
    const club = response.body.data.find((c) => c.name === form.name);
    expect(club).toEqual({
      _id: expect.any(String),
      name: form.name,
      courts_count: 3,
      start_hour: 8,
      end_hour: 20,
      reservations_limit: 2,
      member_approval: false,
      // The club-local rules, as a club registered without a zone gets them (APP_TIMEZONE).
      time_zone: 'Europe/Berlin',
      booking_horizon_days: null,
      cancel_deadline_hours: 0,
      has_rules: false,
      court_names: {},
    });

    const listed = await new TestClient(api.url).get<Club[]>('/api/clubs');
    expect(listed.body).toContainEqual(club);
  });

  it('signs a player up and answers {message, data} with the members by _id and name', async () => {
    const { club } = await registeredClub();
    const response = await new TestClient(api.url).post<{ message: string; data: UserListEntry[] }>(
      '/api/signup',
      {
        club_id: club._id,
        first_name: 'Steffi',
        last_name: 'Graf',
        email: uniqueEmail('player'),
        password: PASSWORD,
        privacy: 'agree',
      },
    );
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['data', 'message']);
    expect(response.body.message).toBe(texts.signedUp);
    for (const member of response.body.data) {
      expect(Object.keys(member).sort()).toEqual(['_id', 'first_name', 'last_name']);
    }
  });

  it('answers each form refusal as a list of {instancePath, message}', async () => {
    const { club, adminEmail } = await registeredClub();
    const anonymous = new TestClient(api.url);

    const taken = await anonymous.post('/api/signup', {
      club_id: club._id,
      first_name: 'Boris',
      last_name: 'Becker',
      email: adminEmail,
      password: PASSWORD,
      privacy: 'agree',
    });
    expectFormErrors(taken, 400, [{ instancePath: '/email', message: texts.emailTaken }]);

    const takenByClub = await anonymous.post('/api/clubs', clubForm(adminEmail));
    expectFormErrors(takenByClub, 400, [{ instancePath: '/email', message: texts.emailTaken }]);

    const wrong = await anonymous.post('/api/login', { email: adminEmail, password: 'Falsch123!' });
    expectFormErrors(wrong, 401, [{ instancePath: '/email', message: texts.wrongCredentials }]);

    const missing = await anonymous.post('/api/login', { email: adminEmail });
    expectFormErrors(missing, 400, [{ instancePath: '/password', message: texts.requiredField }]);

    const unknownToken = await anonymous.post('/api/reset-password', {
      password: 'Neues-Passwort-7',
      resetToken: 'A'.repeat(43),
    });
    expectFormErrors(unknownToken, 400, [{ instancePath: '/resetToken', message: texts.resetTokenInvalid }]);

    const notJson = await anonymous.post('/api/forgot-password', '{"email":', {
      'Content-Type': 'application/json',
    });
    expectFormErrors(notJson, 400, [{ instancePath: '/email', message: texts.invalidJson }]);
  });

  it('answers a login rate limit as a form error list too, with Retry-After', async () => {
    const limited = await startTestApi({ db: api.db, rateLimits: { failedLoginsPerClient: 2 } });
    try {
      const client = new TestClient(limited.url);
      for (let attempt = 0; attempt < 2; attempt++) {
        await client.post('/api/login', { email: uniqueEmail('guess'), password: 'Falsch123!' });
      }
      const refused = await client.post('/api/login', { email: uniqueEmail('guess'), password: 'x' });
      expectFormErrors(refused, 429, [{ instancePath: '/email', message: texts.tooManyRequests }]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers login and verifyAuth with the session fields, forgot-password and logout with a message', async () => {
    const { club, adminEmail } = await registeredClub();
    const { client, user } = await loggedInClient(adminEmail);
    expect(user).toEqual({
      _id: expect.any(String),
      club_id: club._id,
      role: 'admin',
      first_name: 'Jürgen',
      last_name: 'Müller-Lüdenscheidt',
      email: adminEmail,
      status: 'active',
    });
    expect((await client.get('/api/verifyAuth')).body).toEqual(user);

    const forgot = await new TestClient(api.url).post('/api/forgot-password', { email: adminEmail });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ message: texts.resetLinkSent });

    const logout = await client.post('/api/logout');
    expect(logout.body).toEqual({ message: texts.loggedOut });
    expect((await client.get('/api/verifyAuth')).body).toEqual({ error: texts.notLoggedIn });
  });
});

/**
 * The forms of such a client and the fields each shows: the reset token is a hidden field, so an
 * error there shows nothing.
 */
const FORM_FIELDS = {
  '/api/login': ['email', 'password'],
  '/api/signup': ['club_id', 'first_name', 'last_name', 'email', 'password', 'privacy'],
  '/api/clubs': [
    'name',
    'courts_count',
    'start_hour',
    'end_hour',
    'reservations_limit',
    'first_name',
    'last_name',
    'email',
    'password',
    'privacy',
  ],
  '/api/forgot-password': ['email'],
  '/api/reset-password': ['password'],
} as const;

type FormPath = keyof typeof FORM_FIELDS;

/** Where each form shows a refusal of the form as a whole. */
const WHOLE_FORM_FIELD: Record<FormPath, string> = {
  '/api/login': 'email',
  '/api/signup': 'email',
  '/api/clubs': 'email',
  '/api/forgot-password': 'email',
  '/api/reset-password': 'password',
};

/**
 * What such a client shows for a refused form: each error's text under the field its path names,
 * the first one per field; an error at a field the form does not show (or at the form itself, the
 * path '') shows nothing at all.
 */
function shownUnderFields(response: JsonResponse, form: FormPath): Record<string, string> {
  const fields: readonly string[] = FORM_FIELDS[form];
  const shown: Record<string, string> = {};
  for (const { instancePath, message } of (response.body as FieldErrors).error) {
    const field = instancePath.split('/')[1] ?? '';
    if (fields.includes(field)) shown[field] ??= message;
  }
  return shown;
}

describe('what such a client shows for a refusal of a whole form', () => {
  /** The schemas' own text for a body of another type (packages/domain/src/schemas.ts). */
  const NOT_AN_OBJECT = 'Die Anfrage muss ein JSON-Objekt sein.';
  const forms = Object.keys(FORM_FIELDS) as FormPath[];

  it('shows a wrong login under the e-mail field', async () => {
    const { adminEmail } = await registeredClub();
    const wrong = await new TestClient(api.url).post('/api/login', {
      email: adminEmail,
      password: 'Falsch1!',
    });
    expect(wrong.status).toBe(401);
    expect(shownUnderFields(wrong, '/api/login')).toEqual({ email: texts.wrongCredentials });
  });

  it('shows a rate limit under the field each limited form shows it at', async () => {
    const { club } = await registeredClub();
    const limited = await startTestApi({
      db: api.db,
      rateLimits: { failedLoginsPerClient: 1, registrationsPerClient: 1, resetRequestsPerClient: 1 },
    });
    try {
      const client = new TestClient(limited.url);
      const attempts: [FormPath, () => Record<string, unknown>][] = [
        ['/api/login', () => ({ email: uniqueEmail('guess'), password: 'Falsch1!' })],
        ['/api/clubs', () => clubForm(uniqueEmail('admin'))],
        ['/api/forgot-password', () => ({ email: uniqueEmail('forgot') })],
      ];
      for (const [path, body] of attempts) {
        await client.post(path, body());
        const refused = await client.post(path, body());
        expect(refused.status, path).toBe(429);
        expect(shownUnderFields(refused, path), path).toEqual({
          [WHOLE_FORM_FIELD[path]]: texts.tooManyRequests,
        });
      }
      // Sign-up shares the registration limit the club form has used up.
      const signUp = await client.post('/api/signup', {
        club_id: club._id,
        first_name: 'Steffi',
        last_name: 'Graf',
        email: uniqueEmail('player'),
        password: PASSWORD,
        privacy: 'agree',
      });
      expect(signUp.status).toBe(429);
      expect(shownUnderFields(signUp, '/api/signup')).toEqual({ email: texts.tooManyRequests });
    } finally {
      await limited.close();
    }
  });

  it.each(forms)(
    '%s: a body that is no JSON, no object or too large shows its text under a field',
    async (path) => {
      const client = new TestClient(api.url);
      const json = { 'Content-Type': 'application/json' };
      const refusals: [JsonResponse, number, string][] = [
        [await client.post(path, '{"email":', json), 400, texts.invalidJson],
        [await client.post(path, '[1,2]', json), 400, NOT_AN_OBJECT],
        [await client.post(path, { email: 'x'.repeat(110 * 1024) }), 413, texts.payloadTooLarge],
      ];
      for (const [response, status, text] of refusals) {
        expect(response.status, text).toBe(status);
        expect(shownUnderFields(response, path), text).toEqual({ [WHOLE_FORM_FIELD[path]]: text });
      }
    },
  );

  it.each(forms)('%s: a request from a foreign origin shows its text under a field', async (path) => {
    const response = await new TestClient(api.url).post(path, {}, { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(shownUnderFields(response, path)).toEqual({ [WHOLE_FORM_FIELD[path]]: texts.foreignOrigin });
  });
});

describe('lists and bookings as such a client sends them', () => {
  it('lists users and reservations of the own club with or without ?club_id=', async () => {
    const { club, adminEmail } = await registeredClub();
    await signedUpPlayer(club._id);
    const { client } = await loggedInClient(adminEmail);
    await client.post('/api/reservations', popupBooking());

    for (const path of ['/api/users', '/api/reservations']) {
      const named = await client.get<unknown[]>(`${path}?club_id=${club._id}`);
      const unnamed = await client.get<unknown[]>(path);
      expect(named.status).toBe(200);
      expect(unnamed.status).toBe(200);
      expect(unnamed.body).toEqual(named.body);
      expect(unnamed.body.length).toBeGreaterThan(0);
    }
  });

  it('books without club_id and user_id, taking both from the session, and answers {data}', async () => {
    const { club } = await registeredClub();
    const playerEmail = await signedUpPlayer(club._id);
    const { client, user } = await loggedInClient(playerEmail);

    const response = await client.post<ListAnswer>('/api/reservations', popupBooking());
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['data']);
    const made = response.body.data.find((r) => r.date === TUESDAY && r.court_num === '2')!;
    expectReservationShape(made);
    expect(made).toMatchObject({
      club_id: club._id,
      user_id: user._id,
      court_num: '2',
      start_time: 10,
      end_time: 11,
      label: null,
      recurring: false,
      deleted_dates: [],
    });
  });

  it('takes an admin’s weekly series with recurring: "true" and hours as strings', async () => {
    const { club, adminEmail } = await registeredClub();
    const { client } = await loggedInClient(adminEmail);

    const response = await client.post<ListAnswer>(
      '/api/reservations',
      popupBooking({ court_num: 3, start_time: '18', end_time: '20', label: 'Training', recurring: 'true' }),
    );
    expect(response.status).toBe(201);
    const series = response.body.data.find((r) => r.label === 'Training')!;
    expectReservationShape(series);
    expect(series).toMatchObject({ club_id: club._id, court_num: '3', start_time: 18, end_time: 20 });
    expect(series.recurring).toBe(true);
  });

  it('deletes with form_method: "delete" once from a series, then all, answering {data} each time', async () => {
    const { adminEmail } = await registeredClub();
    const { client } = await loggedInClient(adminEmail);
    const made = await client.post<ListAnswer>('/api/reservations', popupBooking({ recurring: 'true' }));
    const seriesId = made.body.data[0]!._id;

    const once = await client.post<ListAnswer>(`/api/reservations?reservation_id=${seriesId}`, {
      form_method: 'delete',
      date: NEXT_TUESDAY,
      delete_type: 'once',
    });
    expect(once.status).toBe(200);
    expect(Object.keys(once.body)).toEqual(['data']);
    const series = once.body.data.find((r) => r._id === seriesId)!;
    expectReservationShape(series);
    expect(series.deleted_dates).toEqual([NEXT_TUESDAY]);

    const all = await client.post<ListAnswer>(`/api/reservations?reservation_id=${seriesId}`, {
      form_method: 'delete',
      date: TUESDAY,
      delete_type: 'all',
    });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ data: [] });
  });

  it('lists without from/to what its grid and "Meine Reservierungen" need, not the club\'s whole past', async () => {
    const { club, adminEmail } = await registeredClub();
    const { client, user } = await loggedInClient(adminEmail);
    /** Books while the clock shows `when`: the past can only be booked while it is the future. */
    const bookedAt = async (when: string, overrides: Record<string, unknown>) => {
      api.setNow(new Date(when));
      try {
        const made = await client.post<ListAnswer>('/api/reservations', popupBooking(overrides));
        expect(made.status).toBe(201);
        return made.body.data.find((r) => r.date === overrides.date && r.court_num === overrides.court_num)!;
      } finally {
        api.setNow(NOW);
      }
    };
    const lastYear = await bookedAt('2025-11-03T08:00:00Z', { court_num: '1', date: '2025-11-04' });
    const weeklySinceSpring = await bookedAt('2026-03-02T08:00:00Z', {
      court_num: '2',
      date: '2026-03-03',
      recurring: 'true',
    });
    const threeWeeksBack = await bookedAt('2026-11-02T08:00:00Z', { court_num: '3', date: '2026-11-03' });
    const tomorrow = await bookedAt(NOW.toISOString(), { court_num: '1', date: TUESDAY });
    const inTwoYears = await bookedAt(NOW.toISOString(), { court_num: '1', date: '2028-11-21' });

    const listed = await client.get<Reservation[]>(`/api/reservations?club_id=${club._id}`);
    expect(listed.status).toBe(200);
    listed.body.forEach(expectReservationShape);
    const ids = listed.body.map((r) => r._id);
    // The grid of a day it browses back to, the series on every Tuesday, and every booking to come.
    expect(ids.sort()).toEqual(
      [weeklySinceSpring._id, threeWeeksBack._id, tomorrow._id, inTwoYears._id].sort(),
    );
    expect(ids).not.toContain(lastYear._id);
    const upcomingOwn = listed.body.filter(
      (r) => r.user_id === user._id && (r.recurring || r.date >= '2026-11-23'),
    );
    expect(upcomingOwn).toHaveLength(3);
  });

  it('refuses bookings as {error: "text"}: a taken slot, another member, another club', async () => {
    const { club, adminEmail } = await registeredClub();
    const other = await registeredClub();
    const playerEmail = await signedUpPlayer(club._id);
    const { client: admin, user: adminUser } = await loggedInClient(adminEmail);
    const { client: player } = await loggedInClient(playerEmail);

    expect((await admin.post('/api/reservations', popupBooking())).status).toBe(201);
    expectReservationRefusal(await player.post('/api/reservations', popupBooking()), 409);

    const forSomeoneElse = await player.post(
      '/api/reservations',
      popupBooking({ court_num: '1', user_id: adminUser._id }),
    );
    expectReservationRefusal(forSomeoneElse, 403);
    expect(forSomeoneElse.body).toEqual({ error: texts.forbidden });

    const inOtherClub = await player.post(
      '/api/reservations',
      popupBooking({ court_num: '1', club_id: other.club._id }),
    );
    expectReservationRefusal(inOtherClub, 403);
    expect(inOtherClub.body).toEqual({ error: texts.forbidden });
    expect((await player.get(`/api/users?club_id=${other.club._id}`)).status).toBe(403);
    expect((await player.get(`/api/reservations?club_id=${other.club._id}`)).status).toBe(403);

    const reservations = await admin.get<Reservation[]>('/api/reservations');
    expect(reservations.body).toHaveLength(1);
  });
});
