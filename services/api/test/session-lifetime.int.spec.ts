import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestClient } from './support/client';
import { loggedIn, registerClub } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * A login ends after 14 days without use and 30 days after it began, however often it is used.
 * Only `Date` is faked: sockets, timers and the database run on real time.
 */
const DAY = 24 * 60 * 60 * 1000;
let api: TestApi;
let start: number;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

async function loginAtDayZero(): Promise<TestClient> {
  const { email } = await registerClub(api.url);
  start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return (await loggedIn(api.url, email)).client;
}

/** A call that needs a login: 200 while the session lives, 401 after. */
const MEMBERS_ONLY = '/api/users';

async function statusOnDay(client: TestClient, day: number): Promise<number> {
  vi.setSystemTime(start + day * DAY);
  return (await client.get(MEMBERS_ONLY)).status;
}

describe('session lifetime', () => {
  it('a login used every few days stays alive past the first 14 days', async () => {
    const client = await loginAtDayZero();
    expect(await statusOnDay(client, 6)).toBe(200);
    expect(await statusOnDay(client, 14.5)).toBe(200);
    expect(await statusOnDay(client, 27)).toBe(200);
  });

  it('ends after 14 days without use', async () => {
    const client = await loginAtDayZero();
    expect(await statusOnDay(client, 3)).toBe(200);
    expect(await statusOnDay(client, 17.5)).toBe(401);
  });

  it('ends 30 days after login even when used every day', async () => {
    const client = await loginAtDayZero();
    for (let day = 1; day < 30; day += 2) expect(await statusOnDay(client, day), `day ${day}`).toBe(200);
    expect(await statusOnDay(client, 30.01)).toBe(401);
  });

  it('the cookie itself never outlives the 30 days', async () => {
    const client = await loginAtDayZero();
    expect(await statusOnDay(client, 13)).toBe(200);
    vi.setSystemTime(start + 25 * DAY);
    const response = await client.get(MEMBERS_ONLY);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pb.sid='));
    expect(cookie).toBeDefined();
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie!)![1]!);
    expect(expires).toBeLessThanOrEqual(start + 30 * DAY + 1000);
    expect(expires).toBeGreaterThan(start + 29 * DAY);
  });

  it('a new login starts a new lifetime', async () => {
    const { email } = await registerClub(api.url);
    start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 40 * DAY);
    const { client } = await loggedIn(api.url, email);
    vi.setSystemTime(start + 41 * DAY);
    expect((await client.get(MEMBERS_ONLY)).status).toBe(200);
  });
});
