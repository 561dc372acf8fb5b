import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { TestClient } from './support/client';
import { addDays } from '@platzbuchung/domain/dates';
import { clubBody, clubWithMembers, type Members } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** Bad input never causes a 500 and never writes anything (issue: foundation, point 5). */
let api: TestApi;
let client: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  client = new TestClient(api.url);
});
afterAll(() => api.close());

const rowCounts = async () => {
  const [clubs, users] = await Promise.all([
    api.db('clubs').count({ n: '*' }),
    api.db('users').count({ n: '*' }),
  ]);
  return { clubs: Number(clubs[0]!.n), users: Number(users[0]!.n) };
};

const endpoints = ['/api/clubs', '/api/signup', '/api/login'];
/**
 * Form calls answer every refusal as a list of field errors; one about the whole form goes under
 * the field the form shows it at, the e-mail address on each of these.
 */
const formRefusal = (message: string) => ({ error: [{ instancePath: '/email', message }] });

describe.each(endpoints)('POST %s', (path) => {
  let before: Awaited<ReturnType<typeof rowCounts>>;
  beforeAll(async () => {
    before = await rowCounts();
  });
  afterAll(async () => {
    expect(await rowCounts()).toEqual(before);
  });

  it('malformed JSON → 400 with a German error', async () => {
    const response = await client.post(path, '{"name": "TC', { 'Content-Type': 'application/json' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(formRefusal(texts.invalidJson));
  });

  it('a wrong content type → 415', async () => {
    const response = await client.post(path, 'name=TC&courts_count=3', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(formRefusal(texts.unsupportedMediaType));
  });

  it("a page's own form sent before its script ran → 303 back to the page, nothing read", async () => {
    const page = path.replace('/api/', '/');
    const response = await fetch(api.url + page, {
      method: 'POST',
      body: 'email=x%40example.org&password=geheim',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(page);
  });

  it('no content type at all → 415', async () => {
    const response = await fetch(api.url + path, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': '' },
    });
    expect(response.status).toBe(415);
  });

  it('a body over 100 kB → 413', async () => {
    const response = await client.post(path, { name: 'x'.repeat(110 * 1024) });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(formRefusal(texts.payloadTooLarge));
  });

  it('a JSON body that is not an object → 400', async () => {
    for (const body of ['"text"', '[1,2]', 'null', '42']) {
      const response = await client.post(path, body, { 'Content-Type': 'application/json' });
      expect(response.status, body).toBe(400);
    }
  });

  it('unknown fields, wrong types and 10,000-character strings → 400 with field errors', async () => {
    const hostile = {
      ...clubBody(),
      club_id: { $ne: null },
      email: ['a@b.de'],
      first_name: 'J'.repeat(10_000),
      last_name: 'M'.repeat(10_000),
      password: 'P1!a'.repeat(2_500),
      is_admin: true,
      __proto__: { role: 'admin' },
    };
    const response = await client.post<{ error: { instancePath: string; message: string }[] }>(path, hostile);
    expect(response.status).toBe(400);
    expect(Array.isArray(response.body.error)).toBe(true);
    expect(response.body.error.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(
      true,
    );
  });

  it('a cross-site origin → 403', async () => {
    const response = await client.post(path, clubBody(), { Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(formRefusal(texts.foreignOrigin));
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/reservations-old'],
    ['GET', '/api'],
  ])('%s %s → 404 JSON', async (method, path) => {
    const response = await client.request(method, path, method === 'POST' ? {} : undefined);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(response.body).toEqual({ error: texts.apiNotFound });
  });

  it('a wrong method on a known path → 405 JSON, not 500', async () => {
    const response = await client.request('DELETE', '/api/clubs');
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('every answer', () => {
  it('carries the security headers and a request id', async () => {
    const response = await client.get('/api/clubs');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('health and readiness', async () => {
    expect((await client.get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await client.get('/readyz')).body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });
});

type ErrorBody = string | { instancePath: string; message: string }[];
const messagesOf = (error: ErrorBody) => (typeof error === 'string' ? [error] : error.map((e) => e.message));

describe('input that used to reach the database or overflow the stack', () => {
  let members: Members;
  const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);
  beforeAll(async () => {
    members = await clubWithMembers(api.url);
  });

  it('a body nested thousands deep → 400 with a German text', async () => {
    const deep = '{"name":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    for (const path of ['/api/clubs', `/api/reservations?club_id=${members.club._id}`]) {
      const response = await members.admin.client.post<{ error: ErrorBody }>(path, deep, {
        'Content-Type': 'application/json',
      });
      expect(response.status, path).toBe(400);
      // Form routes answer field errors, the others one sentence: the text is the same.
      expect(messagesOf(response.body.error), path).toEqual([texts.tooDeeplyNested]);
    }
  });

  it('a label with U+0000 → 400, nothing booked', async () => {
    const response = await members.player.client.post(`/api/reservations?club_id=${members.club._id}`, {
      club_id: members.club._id,
      court_num: '1',
      start_time: 10,
      end_time: 11,
      date: tomorrow,
      label: 'Training\u0000',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: texts.controlCharacters });
    expect(await api.db('reservations').where({ club_id: members.club._id }).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
  });

  it.each(['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z', '-004713-11-23T23:59:00Z'])(
    'an extreme instant %s in the event log and "Stand am" → 400',
    async (instant) => {
      const q = `club_id=${members.club._id}`;
      for (const path of [
        `/api/events?${q}&until=${encodeURIComponent(instant)}`,
        `/api/events?${q}&since=${encodeURIComponent(instant)}`,
        `/api/admin/as-of?${q}&at=${encodeURIComponent(instant)}`,
      ]) {
        const response = await members.admin.client.get<{ error: string }>(path);
        expect(response.status, path).toBe(400);
        expect(response.body.error).toMatch(/Zeitpunkt/);
      }
    },
  );

  it('"Infinity" where a number belongs → 400, not a failed insert', async () => {
    const response = await client.post('/api/clubs', clubBody({ courts_count: 'Infinity' }));
    expect(response.status).toBe(400);
  });

  it('an object where start_hour belongs → 400, not a crash inside the validator', async () => {
    const response = await client.post('/api/clubs', clubBody({ start_hour: { toString: 'x' } }));
    expect(response.status).toBe(400);
  });
});
