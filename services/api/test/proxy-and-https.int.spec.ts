import Router from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from '../src/http/context';
import { TestClient } from './support/client';
import { registerClub } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

/** The client address as the rate limits and logs see it. */
function whoAmI(): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/api' });
  router.get('/test/ip', (ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  return router;
}

const SECRET = 'a-real-secret-of-some-length';

async function ipSeenBy(api: TestApi, forwardedFor?: string): Promise<string> {
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
  const response = await fetch(`${api.url}/api/test/ip`, { headers });
  return ((await response.json()) as { ip: string }).ip;
}

describe('TRUST_PROXY counts trusted hops from the right', () => {
  const apis: Record<string, TestApi> = {};
  beforeAll(async () => {
    for (const proxies of ['', '1', '2']) {
      apis[proxies] = await startTestApi({
        env: { TRUST_PROXY: proxies },
        extend: () => ({ routes: [whoAmI()] }),
      });
    }
  });
  afterAll(() => Promise.all(Object.values(apis).map((api) => api.close())));

  it('without a proxy, X-Forwarded-For is ignored', async () => {
    expect(await ipSeenBy(apis['']!, '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  });

  it('behind one proxy, the address that proxy appended counts, not what the client wrote', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(await ipSeenBy(apis['1']!, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeenBy(apis['1']!, '198.51.100.7')).toBe('198.51.100.7');
  });

  it('behind two proxies, the second address from the right counts', async () => {
    expect(await ipSeenBy(apis['2']!, '6.6.6.6, 198.51.100.7, 10.0.0.2')).toBe('198.51.100.7');
  });
});

describe('an https PUBLIC_URL behind a proxy', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      env: { PUBLIC_URL: 'https://platz.example', TRUST_PROXY: '1', SESSION_SECRET: SECRET },
    });
  });
  afterAll(() => api.close());

  it('logs in with a Secure session cookie, whether or not the proxy forwards the protocol', async () => {
    const { email, password } = await registerClub(api.url);
    for (const headers of [{}, { 'X-Forwarded-Proto': 'https' }] as Record<string, string>[]) {
      const client = new TestClient(api.url);
      const login = await client.post('/api/login', { email, password }, headers);
      expect(login.status).toBe(200);
      const cookies = login.headers.getSetCookie();
      expect(cookies.length).toBeGreaterThan(0);
      expect(cookies.every((cookie) => /;\s*secure/i.test(cookie))).toBe(true);
      expect((await client.get('/api/users')).status).toBe(200);
    }
  });

  it('sends HSTS', async () => {
    const response = await fetch(`${api.url}/api/clubs`);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });

  it('a plain-http PUBLIC_URL sends no HSTS', async () => {
    const plain = await startTestApi();
    try {
      const response = await fetch(`${plain.url}/api/clubs`);
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
