import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@platzbuchung/domain/texts';
import { TestClient } from './support/client';
import { clubBody } from './support/fixtures';
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
    expect(response.body).toEqual({ error: texts.invalidJson });
  });

  it('a wrong content type → 415', async () => {
    const response = await client.post(path, 'name=TC&courts_count=3', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: texts.unsupportedMediaType });
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
    expect(response.body).toEqual({ error: texts.payloadTooLarge });
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
    expect(response.body).toEqual({ error: texts.foreignOrigin });
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
