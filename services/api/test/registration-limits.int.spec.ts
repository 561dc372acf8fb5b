/**
 * Sign-up and club registration under load: limited per client, cheap refusals before any hashing,
 * and bcrypt kept off the event loop (docs/security/accounts.md).
 */
import { performance } from 'node:perf_hooks';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import { TestClient } from './support/client';
import { PASSWORD, clubBody, registerClub, unique } from './support/fixtures';
import { startTestApi, type TestApi } from './support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimits: { registrationsPerClient: 1_000 } });
});
afterAll(() => api.close());

const playerBody = (clubId: string, overrides: Record<string, unknown> = {}) => ({
  club_id: clubId,
  first_name: 'Steffi',
  last_name: 'Graf',
  email: `load-${unique()}@example.de`,
  password: PASSWORD,
  privacy: 'agree',
  ...overrides,
});

/** Counts the passwords the API hashes. */
function countHashes(target: TestApi): { readonly count: number } {
  const counter = { count: 0 };
  const hash = target.deps.hasher.hash.bind(target.deps.hasher);
  target.deps.hasher.hash = (password) => {
    counter.count++;
    return hash(password);
  };
  return counter;
}

describe('cheap checks first', () => {
  it('refuses a taken address at sign-up and at club registration without hashing the password', async () => {
    const { club, email } = await registerClub(api.url);
    const hashes = countHashes(api);
    const client = new TestClient(api.url);

    const signup = await client.post('/api/signup', playerBody(club._id, { email: email.toUpperCase() }));
    expect(signup.status).toBe(400);
    expect(signup.body).toEqual({ error: [{ instancePath: '/email', message: texts.emailTaken }] });
    const registration = await client.post('/api/clubs', clubBody({ email }));
    expect(registration.status).toBe(400);
    expect(registration.body).toEqual({ error: [{ instancePath: '/email', message: texts.emailTaken }] });

    expect(hashes.count).toBe(0);
  });
});

describe('limits per client', () => {
  it('answers the fourth sign-up or registration from one client within the window with 429', async () => {
    // A database of its own: the counters of the other tests' requests from 127.0.0.1 are not in it.
    const limited = await startTestApi({ rateLimits: { registrationsPerClient: 3 } });
    try {
      const { club } = await registerClub(limited.url);
      const client = new TestClient(limited.url);
      for (let i = 0; i < 2; i++) {
        expect((await client.post('/api/signup', playerBody(club._id))).status).toBe(201);
      }
      const hashes = countHashes(limited);
      const refused = await client.post('/api/signup', playerBody(club._id));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: [{ instancePath: '/email', message: texts.tooManyRequests }] });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await client.post('/api/clubs', clubBody())).status).toBe(429);
      expect(hashes.count).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it('counts parallel sign-ups exactly', async () => {
    const limited = await startTestApi({ rateLimits: { registrationsPerClient: 5 } });
    try {
      const { club } = await registerClub(limited.url);
      const client = new TestClient(limited.url);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => client.post('/api/signup', playerBody(club._id))),
      );
      // The club's registration took the first of the five.
      expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(8);
    } finally {
      await limited.close();
    }
  });
});

describe('bcrypt off the event loop', () => {
  /** Gaps in a fast timer longer than `thresholdMs`: times the event loop could answer nobody. */
  function watchEventLoop(thresholdMs: number) {
    const tickMs = 5;
    const stalls: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      const stalled = now - last - tickMs;
      if (stalled > thresholdMs) stalls.push(Math.round(stalled));
      last = now;
    }, tickMs);
    return {
      stop: () => {
        clearInterval(timer);
        return stalls;
      },
    };
  }

  it('keeps answering /healthz while 30 sign-ups at the production cost arrive at once', async () => {
    // What one hash holds a thread for on this machine right now: the yardstick for everything below.
    const started = performance.now();
    bcrypt.hashSync(PASSWORD, 10);
    const oneHashMs = performance.now() - started;

    const production = await startTestApi({
      db: api.db,
      passwordCost: 10,
      rateLimits: { registrationsPerClient: 1_000 },
    });
    try {
      const { club } = await registerClub(production.url);
      const client = new TestClient(production.url);
      // bcryptjs yields every 100 ms at the latest, so on a slow machine a hash on the event loop
      // stalls it for 100 ms, not for a whole hash.
      const stallMs = Math.min(oneHashMs / 2, 90);
      // Whatever bcrypt computes on this thread holds up the event loop; in the workers it does not.
      const onEventLoop = (['hash', 'hashSync', 'compare', 'compareSync'] as const).map((name) =>
        vi.spyOn(bcrypt, name),
      );
      const watch = watchEventLoop(stallMs);
      const players = Array.from({ length: 30 }, () => playerBody(club._id));
      const signups = Promise.all(players.map((player) => client.post('/api/signup', player)));
      let done = false;
      void signups.then(() => (done = true));
      const healthLatencies: number[] = [];
      while (!done) {
        const asked = performance.now();
        expect((await client.get('/healthz')).status).toBe(200);
        healthLatencies.push(performance.now() - asked);
      }
      const stalls = watch.stop();
      const answers = await signups;
      const login = await client.post('/api/login', { email: players[0]!.email, password: PASSWORD });
      const bcryptCallsOnEventLoop = onEventLoop.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      onEventLoop.forEach((spy) => spy.mockRestore());

      expect(answers.map((r) => r.status)).toEqual(Array(30).fill(201));
      expect(login.status).toBe(200);
      healthLatencies.sort((a, b) => a - b);
      const median = healthLatencies[Math.floor(healthLatencies.length / 2)]!;
      const slowHealth = healthLatencies.filter((ms) => ms > stallMs).length;
      console.info(
        `one hash ${oneHashMs.toFixed(0)} ms; /healthz asked ${healthLatencies.length} times during 30 sign-ups, ` +
          `median ${median.toFixed(1)} ms, ${slowHealth} slower than ${stallMs.toFixed(0)} ms, ` +
          `slowest ${healthLatencies.at(-1)!.toFixed(1)} ms; event-loop stalls over ${stallMs.toFixed(0)} ms: ` +
          `${JSON.stringify(stalls)}; bcrypt calls on the event loop: ${bcryptCallsOnEventLoop}`,
      );
      // The count that decides: not one password hashed or compared on the event loop's thread.
      expect(bcryptCallsOnEventLoop).toBe(0);
      // Loose and relative, since other tests share the machine and stall it now and then: health
      // checks mostly wait for no hash (on the event loop, most waited for one or several).
      expect(median).toBeLessThan(stallMs);
      expect(slowHealth).toBeLessThanOrEqual(healthLatencies.length / 10);
    } finally {
      await production.close();
    }
  });
});
