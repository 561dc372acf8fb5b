import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '@platzbuchung/domain/dates';
import { appRouters } from '../src/app';
import { TestClient, type JsonResponse } from './support/client';
import { PASSWORD, clubBody, clubWithMembers } from './support/fixtures';
import {
  HOSTILE_QUERY_VALUES,
  HOSTILE_VALUES,
  QUERY_NAMES,
  RAW_BODIES,
  RAW_QUERIES,
  asQueryValue,
} from './support/fuzz-corpus';
import { waitUntil } from './support/event-log';
import { startTestApi } from './support/test-api';

/**
 * Every route the app mounts, fed hostile bodies and queries as a logged-in admin (who passes the
 * most checks) and generated ones as admin and anonymous: no answer is a 500, every refusal is a
 * JSON error, and a refused request writes nothing. The route list comes from the app itself, so a
 * new route is fuzzed without anyone adding it here.
 */
// Behind one (pretend) proxy, so the admin's own logins come from an address the fuzzed failed
// logins never count against.
const api = await startTestApi({ env: { TRUST_PROXY: '1' } });
afterAll(() => api.close());

const members = await clubWithMembers(api.url);
const adminEmail = members.admin.user.email;
const clubId = members.club._id;

interface Route {
  method: string;
  path: string;
}

const routes: Route[] = appRouters(api.deps).flatMap((router) =>
  router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => ({ method, path: String(layer.path) })),
  ),
);

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const tomorrow = addDays(new Date().toISOString().slice(0, 10), 1);

/** A request the route would accept, or nearly: hostile values replace one part at a time. */
function validExample(route: Route): { query: Record<string, string>; body: Record<string, unknown> } {
  const own = { club_id: clubId };
  const key = `${route.method} ${route.path}`;
  const examples: Record<string, { query?: Record<string, string>; body?: Record<string, unknown> }> = {
    'POST /api/clubs': { body: clubBody() },
    'POST /api/signup': {
      body: {
        club_id: clubId,
        first_name: 'Steffi',
        last_name: 'Graf',
        email: 'fuzz@example.de',
        password: PASSWORD,
        privacy: 'agree',
      },
    },
    'POST /api/login': { body: { email: 'niemand@example.de', password: 'Falsch123!' } },
    'POST /api/forgot-password': { body: { email: 'niemand@example.de' } },
    'POST /api/reset-password': { body: { password: PASSWORD, resetToken: 'a'.repeat(43) } },
    'GET /api/reservations': { query: { ...own, from: tomorrow, to: tomorrow } },
    'POST /api/reservations': {
      query: own,
      body: {
        club_id: clubId,
        court_num: '1',
        start_time: 10,
        end_time: 11,
        date: tomorrow,
        label: 'Training',
      },
    },
    'GET /api/events': { query: { ...own, limit: '5' } },
    'GET /api/admin/as-of': { query: { ...own, at: new Date().toISOString() } },
    'PUT /api/admin/members/:id/role': { query: own, body: { role: 'player' } },
    'PUT /api/account/notifications': { body: { booking_confirmations: true } },
    'PUT /api/account/email': { body: { email: 'fuzz-neu@example.de', password: PASSWORD } },
    'GET /api/admin/notices': { query: { ...own, status: 'failed' } },
    'PUT /api/admin/club': {
      query: own,
      body: {
        name: members.club.name,
        courts_count: 6,
        start_hour: 8,
        end_hour: 20,
        reservations_limit: 3,
      },
    },
  };
  const example = examples[key];
  return { query: example?.query ?? own, body: example?.body ?? {} };
}

/** A member id that exists nowhere, so even an accepted role change writes nothing. */
const pathOf = (route: Route, id = '6b1e1f9e-8c4f-4c1e-9a35-2f4d8f6c0d11') =>
  route.path.replace(/:[A-Za-z_]+/g, encodeURIComponent(id));

const SKIPPED_TABLES = new Set([
  // A login bumps its expiry; failed logins count against the limits by design.
  'sessions',
  'rate_limits',
  'knex_migrations',
  'knex_migrations_lock',
]);

const tables: string[] = (
  await api
    .db('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .pluck('table_name')
).filter((name: string) => !SKIPPED_TABLES.has(name));

// Test-only bookkeeping in this file's own database: every row written to any table counts here,
// so a refusal that wrote shows at the cost of one tiny read.
await api.db.raw(`
  CREATE TABLE fuzz_writes (n bigint NOT NULL);
  INSERT INTO fuzz_writes VALUES (0);
  CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$;
  ${tables
    .map(
      (table) =>
        `CREATE TRIGGER fuzz_writes AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();`,
    )
    .join('\n')}
`);

async function fingerprint(): Promise<number> {
  return Number((await api.db('fuzz_writes').first('n')).n);
}

let state = await fingerprint();
let logins = 0;

/** Sends, then checks the answer and that a refusal left every table as it was. */
async function expectHandled(label: string, send: () => Promise<JsonResponse>): Promise<void> {
  const response = await send();
  expect(response.status, label).toBeLessThan(500);
  // An opened live stream holds a lease until the server sees the client hang up: its release
  // belongs to this request, not to the next.
  if (response.headers.get('Content-Type')?.startsWith('text/event-stream')) {
    await waitUntil(
      'the live stream gave its lease back',
      async () => (await api.countRows('live_stream_leases')) === 0,
      10_000,
    );
  }
  const after = await fingerprint();
  if (response.status >= 400) {
    const body = response.body as { error?: unknown } | undefined;
    expect(typeof body?.error === 'string' || Array.isArray(body?.error), `${label}: JSON error`).toBe(true);
    expect(after, `${label}: a refused request wrote`).toEqual(state);
  }
  state = after;
}

const queryString = (query: Record<string, string>) => new URLSearchParams(query).toString();

/** Query parameters the state-changing routes read; GET routes get every name. */
const WRITE_QUERY_NAMES = ['club_id', 'reservation_id', 'from', 'to'];

function corpusQueries(route: Route, base: Record<string, string>): string[] {
  const names = WITH_BODY.has(route.method) ? WRITE_QUERY_NAMES : QUERY_NAMES;
  const replaced = names.flatMap((name) =>
    HOSTILE_QUERY_VALUES.map((value) => queryString({ ...base, [name]: value })),
  );
  return [...replaced, ...RAW_QUERIES.map((raw) => `${queryString(base)}&${raw}`)];
}

function corpusBodies(base: Record<string, unknown>): string[] {
  const fields = Object.keys(base).length ? Object.keys(base) : ['name'];
  const replaced = fields.flatMap((field) =>
    HOSTILE_VALUES.map((value) => JSON.stringify({ ...base, [field]: value })),
  );
  return [...RAW_BODIES, ...replaced];
}

it('walks a corpus of at least 200 bad bodies and queries, over every route', () => {
  const route = { method: 'POST', path: '/api/reservations' };
  const example = validExample(route);
  expect(corpusBodies(example.body).length + corpusQueries(route, example.query).length).toBeGreaterThan(200);
  expect(routes.length).toBeGreaterThan(15);
  expect(routes).toContainEqual({ method: 'POST', path: '/api/reservations' });
  expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/as-of' });
  expect(routes).toContainEqual({ method: 'GET', path: '/api/calendar/:secret.ics' });
  expect(routes).toContainEqual({ method: 'POST', path: '/api/account/calendar' });
});

describe.each(routes)('$method $path', (route) => {
  const example = validExample(route);
  const sessionFor = async (): Promise<TestClient> => {
    const client = new TestClient(api.url);
    const login = await client.post(
      '/api/login',
      { email: adminEmail, password: PASSWORD },
      {
        'X-Forwarded-For': `198.51.100.${++logins % 250}`,
      },
    );
    expect(login.status, 'the admin logs in').toBe(200);
    return client;
  };

  it('answers every corpus query without a 500 and without writing on refusal', async () => {
    const client = await sessionFor();
    const body = WITH_BODY.has(route.method) ? JSON.stringify(example.body) : undefined;
    for (const query of corpusQueries(route, example.query)) {
      await expectHandled(`${route.method} ?${query.slice(0, 120)}`, () =>
        client.request(route.method, `${pathOf(route)}?${query}`, body),
      );
    }
  });

  // Only routes that read a body get body tests, only routes with parameters parameter tests.
  const bodyTest = WITH_BODY.has(route.method) ? it : undefined;
  const paramTest = route.path.includes(':') ? it : undefined;

  bodyTest?.('answers every corpus body likewise', async () => {
    const client = await sessionFor();
    const query = queryString(example.query);
    for (const body of corpusBodies(example.body)) {
      await expectHandled(`${route.method} ${body.slice(0, 120)}`, () =>
        client.request(route.method, `${pathOf(route)}?${query}`, body, {
          'Content-Type': 'application/json',
        }),
      );
    }
  });

  paramTest?.('answers hostile path parameters', async () => {
    const client = await sessionFor();
    const body = WITH_BODY.has(route.method) ? JSON.stringify(example.body) : undefined;
    for (const id of [
      'x',
      '%00',
      '..',
      "'",
      'x'.repeat(500),
      '%E0%A4%A',
      '00000000-0000-0000-0000-000000000000',
    ]) {
      await expectHandled(`${route.method} id=${id.slice(0, 40)}`, () =>
        client.request(route.method, `${pathOf(route, id)}?${queryString(example.query)}`, body),
      );
    }
  });

  it('answers generated bodies and queries, logged in and anonymous', async () => {
    const admin = await sessionFor();
    const anonymous = new TestClient(api.url);
    const scalar = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    );
    const fields = Object.keys(example.body);
    const body = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.constantFrom(...fields, 'extra'), fc.oneof(scalar, fc.jsonValue()), { maxKeys: 8 }),
      fc.record(Object.fromEntries(fields.map((field) => [field, scalar]))).map((hostile) => ({
        ...example.body,
        ...hostile,
      })),
    );
    const query = fc.dictionary(fc.constantFrom(...QUERY_NAMES), scalar.map(asQueryValue), { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(body, query, fc.boolean(), async (generatedBody, generatedQuery, asAdmin) => {
        const client = asAdmin ? admin : anonymous;
        const search = queryString({ ...example.query, ...generatedQuery });
        const payload = WITH_BODY.has(route.method) ? JSON.stringify(generatedBody) : undefined;
        await expectHandled(`${route.method} ?${search.slice(0, 80)} ${String(payload).slice(0, 80)}`, () =>
          client.request(route.method, `${pathOf(route)}?${search}`, payload, {
            'Content-Type': 'application/json',
          }),
        );
      }),
      { numRuns: 25 },
    );
  });
});
