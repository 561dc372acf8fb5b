/**
 * Login limits under parallel guessing, and why nobody can lock an owner out (docs/security/accounts.md,
 * "Why nobody can lock another member out").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { TestClient, type JsonResponse } from './support/client';
import { PASSWORD, registerClub } from './support/fixtures';
import type { RateLimitSettings } from '../src/accounts/rate-limits';
import { startTestApi, type TestApi } from './support/test-api';

const WRONG = 'Falsch123!';

let api: TestApi;
// Clients are told apart by the address a proxy names, as in production behind one proxy.
const behindOneProxy = { TRUST_PROXY: '1' };

beforeAll(async () => {
  api = await startTestApi({ env: behindOneProxy });
});
afterAll(async () => {
  await api.close();
});

/** A second API on the same database with tighter limits, closed when `use` is done. */
async function withLimits(
  rateLimits: Partial<RateLimitSettings>,
  use: (limited: TestApi) => Promise<void>,
): Promise<void> {
  const limited = await startTestApi({ env: behindOneProxy, db: api.db, rateLimits });
  try {
    await use(limited);
  } finally {
    await limited.close();
  }
}

let lastOctet = 1;
/** A client at its own network address, like a phone on its own connection. */
function clientAt(baseUrl = api.url, ip = `198.51.100.${lastOctet++}`): TestClient & { ip: string } {
  const client = new TestClient(baseUrl);
  const request = client.request.bind(client);
  client.request = (method, path, body, headers = {}) =>
    request(method, path, body, { 'X-Forwarded-For': ip, ...headers });
  return Object.assign(client, { ip });
}

const login = (client: TestClient, email: string, password: string) =>
  client.post('/api/login', { email, password });

/** Counts the passwords the API really compares: the guesses an attacker got. */
function countVerifications(target: TestApi): { readonly count: number } {
  const counter = { count: 0 };
  const verify = target.deps.hasher.verify.bind(target.deps.hasher);
  target.deps.hasher.verify = (password, hash) => {
    counter.count++;
    return verify(password, hash);
  };
  return counter;
}

const statuses = (responses: JsonResponse[]) =>
  responses.reduce<Record<number, number>>(
    (counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }),
    {},
  );

describe('limits hold under parallel requests', () => {
  it('lets exactly 5 of 40 parallel wrong passwords reach the check; the right one then waits too', async () => {
    const { email } = await registerClub(api.url);
    const attacker = clientAt();
    const verifications = countVerifications(api);
    const attempts = await Promise.all(Array.from({ length: 40 }, () => login(attacker, email, WRONG)));
    expect(verifications.count).toBe(5);
    expect(statuses(attempts)).toEqual({ 401: 5, 429: 35 });
    for (const refused of attempts.filter((r) => r.status === 429)) {
      expect(refused.body).toEqual({ error: [{ instancePath: '/email', message: texts.tooManyRequests }] });
    }
    expect((await login(attacker, email, PASSWORD)).status).toBe(429);
  });

  it('holds one client to its limit over many addresses, also in parallel', async () => {
    await withLimits({ failedLoginsPerClient: 3 }, async (limited) => {
      const guesser = clientAt(limited.url);
      const verifications = countVerifications(limited);
      const attempts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(guesser, `guess-${i}-${lastOctet}@example.de`, WRONG)),
      );
      expect(verifications.count).toBe(3);
      expect(statuses(attempts)).toEqual({ 401: 3, 429: 17 });
    });
  });

  it('does not count a successful login against anyone', async () => {
    const { email } = await registerClub(api.url);
    const owner = clientAt();
    for (let i = 0; i < 4; i++) expect((await login(owner, email, WRONG)).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await login(new TestClient(api.url), email, PASSWORD)).status).toBe(200);
    // The owner's own typos are forgotten with the right password: five fresh tries.
    expect((await login(owner, email, PASSWORD)).status).toBe(200);
    const sameConnection = clientAt(api.url, owner.ip);
    for (let i = 0; i < 5; i++) expect((await login(sameConnection, email, WRONG)).status).toBe(401);
  });
});

describe('nobody can lock another member out', () => {
  it('keeps the owner’s own connection open while a stranger guesses elsewhere', async () => {
    const { email } = await registerClub(api.url);
    const stranger = clientAt();
    for (let i = 0; i < 8; i++) await login(stranger, email, WRONG);
    expect((await login(stranger, email, PASSWORD)).status).toBe(429);

    expect((await login(clientAt(), email, PASSWORD)).status).toBe(200);
  });

  it('lets the owner in from a browser that logged in before, even after guesses from many addresses', async () => {
    await withLimits({ failedLoginsPerEmail: 10 }, async (limited) => {
      const { email } = await registerClub(limited.url);
      const ownersBrowser = clientAt(limited.url);
      expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
      await ownersBrowser.post('/api/logout');

      // Five guesses each from four addresses spend the loose per-address limit of 10.
      const guesses = await Promise.all(
        Array.from({ length: 4 }, () => clientAt(limited.url)).flatMap((guesser) =>
          Array.from({ length: 5 }, () => login(guesser, email, WRONG)),
        ),
      );
      expect(statuses(guesses)).toEqual({ 401: 10, 429: 10 });
      // A browser the owner never used waits, like the guessers...
      expect((await login(clientAt(limited.url), email, PASSWORD)).status).toBe(429);
      // ...the owner's own browser does not, and its own bucket of tries is not the strangers'.
      expect((await login(ownersBrowser, email, WRONG)).status).toBe(401);
      expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
    });
  });

  it('trusts only a device cookie it signed itself', async () => {
    await withLimits({ failedLoginsPerEmail: 2 }, async (limited) => {
      const { email } = await registerClub(limited.url);
      const ownersBrowser = clientAt(limited.url);
      expect((await login(ownersBrowser, email, PASSWORD)).status).toBe(200);
      const deviceCookie = ownersBrowser
        .cookieHeader()
        .split('; ')
        .filter((pair) => pair.startsWith('pb_devices'))
        .join('; ');
      expect(deviceCookie).toMatch(/pb_devices=.+; pb_devices\.sig=.+/);

      for (let i = 0; i < 2; i++) await login(clientAt(limited.url), email, WRONG);
      const forger = clientAt(limited.url);
      forger.setCookieHeader(deviceCookie.replace(/pb_devices=([^;]+)/, 'pb_devices=$1x'));
      expect((await login(forger, email, PASSWORD)).status).toBe(429);
      const copier = clientAt(limited.url);
      copier.setCookieHeader(deviceCookie);
      expect((await login(copier, email, PASSWORD)).status).toBe(200);
    });
  });
});
