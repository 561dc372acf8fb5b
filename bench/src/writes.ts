/**
 * Writes: reservation requests from 50 concurrent clients, first spread over 50 clubs, then all on
 * one club, where the per-club lock serialises them; beside them, the same bookings on 50 other
 * clubs made in plain SQL (./plain-sql-writes), the baseline. With a second API process, also the
 * production shape (scripts/start-prod.mjs: one API worker per core) on 50 more clubs, the clients
 * taking turns between the processes as a load balancer would. Each is measured `runs` times,
 * interleaved, on fresh slots; the figures are medians. Afterwards no slot may be held twice.
 * Requests go out through a light client (./support/http-client), and the CPU time of the API, of
 * PostgreSQL and of the bench itself is printed per booking: the three share the machine's cores.
 * On 50 more clubs every booking is charged onto the member's account at two prices (hall and
 * floodlight, docs/architecture/money.md), against the same load on clubs that charge nothing.
 */
import type { Knex } from 'knex';
import pg from 'pg';
import { addDays } from '@platzbuchung/domain/dates';
import { checkSession, login, type ApiProcess } from './support/api-process';
import { bookInPlainSql } from './plain-sql-writes';
import { ownCpuMs, postgresCpuBetween, postgresTimes } from './support/cpu';
import { KeptAliveClient } from './support/http-client';
import type { Figure } from './support/report';
import { BENCH_PASSWORD, insertBenchClub } from './support/seed';
import { median, percentile, round } from './support/stats';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;
/** The API's pool size (db/connect), so the baseline gets no more connections than the API. */
const BASELINE_POOL = 10;

interface BenchClub {
  clubId: string;
  emails: string[];
  userIds: string[];
}

export async function createClubs(
  db: Knex,
  count: number,
  membersPerClub: number,
  hash: string,
  role: 'admin' | 'player' = 'admin',
): Promise<BenchClub[]> {
  const clubs: BenchClub[] = [];
  for (let c = 0; c < count; c++) {
    const club = await insertBenchClub(db, `Bench Schreiben ${c}`);
    const emails = Array.from({ length: membersPerClub }, (_, a) => `w${a}-${club.id}@bench.invalid`);
    const users: { id: string }[] = await db('users')
      .insert(
        emails.map((email, a) => ({
          club_id: club.id,
          first_name: 'Bench',
          last_name: `Mitglied${a}`,
          email,
          password_hash: hash,
          role: a === 0 ? 'admin' : role,
        })),
      )
      .returning('id');
    clubs.push({ clubId: club.id, emails, userIds: users.map((u) => u.id) });
  }
  return clubs;
}

/** Hall rent all day and floodlight in the evening: every bench booking costs something. */
const BENCH_PRICES = [
  {
    label: 'Hallenmiete',
    courts: null,
    days: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 8,
    to_hour: 22,
    cents_per_hour: 1800,
  },
  {
    label: 'Flutlicht',
    courts: null,
    days: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 17,
    to_hour: 22,
    cents_per_hour: 300,
  },
];

/** Clubs that charge every booking onto the booker's account. */
async function chargeOntoAccounts(db: Knex, clubs: readonly BenchClub[]): Promise<void> {
  await db('clubs')
    .whereIn(
      'id',
      clubs.map((club) => club.clubId),
    )
    .update({ prices: JSON.stringify(BENCH_PRICES), payment: 'account' });
}

/** The k-th distinct slot of a club from tomorrow on: 20 courts × 14 hours a day. */
function slot(index: number, today: string) {
  const date = addDays(today, 1 + Math.floor(index / 280));
  const hour = 8 + (Math.floor(index / 20) % 14);
  return { court_num: String((index % 20) + 1), start_time: hour, end_time: hour + 1, date };
}

interface Client {
  clubId: string;
  cookie: string;
  userId: string;
  firstSlot: number;
}

interface Load {
  rps: number;
  p99: number;
  failures: number;
  /** The API process's CPU time per accepted request during the load (0 for the plain-SQL baseline). */
  apiCpuMs: number;
  /** The bench process's CPU time per request: the load generator, or the plain-SQL baseline's client. */
  benchCpuMs: number;
  /** PostgreSQL's CPU time per request, where its processes can be seen. */
  postgresCpuMs: number | undefined;
}

/** Every client books its next REQUESTS_PER_CLIENT slots one after another, all clients at once. */
async function load(
  clients: readonly Client[],
  round_: number,
  book: (client: Client, slotIndex: number) => Promise<boolean>,
  api?: ApiProcess,
): Promise<Load> {
  const latencies: number[] = [];
  let failures = 0;
  await api?.settled();
  const cpuBefore = (await api?.cpuMs()) ?? 0;
  const benchBefore = ownCpuMs();
  const postgresBefore = postgresTimes();
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let k = 0; k < REQUESTS_PER_CLIENT; k++) {
        const t0 = performance.now();
        const accepted = await book(client, client.firstSlot + round_ * REQUESTS_PER_CLIENT + k);
        latencies.push(performance.now() - t0);
        if (!accepted) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const benchCpu = ownCpuMs() - benchBefore;
  const postgresAfter = postgresTimes();
  const postgresCpu =
    postgresBefore && postgresAfter ? postgresCpuBetween(postgresBefore, postgresAfter) : undefined;
  const accepted = latencies.length - failures;
  const apiCpuMs = api && accepted ? ((await api.cpuMs()) - cpuBefore) / accepted : 0;
  return {
    rps: latencies.length / seconds,
    p99: percentile(latencies, 99),
    failures,
    apiCpuMs,
    benchCpuMs: benchCpu / latencies.length,
    postgresCpuMs: postgresCpu === undefined ? undefined : postgresCpu / latencies.length,
  };
}

/** Each client books through one of `apis`: the clients take turns, each keeps its process. */
function viaApi(apis: readonly [ApiProcess, ...ApiProcess[]], today: string, http: KeptAliveClient) {
  const processOf = new Map<Client, ApiProcess>();
  return async (client: Client, slotIndex: number) => {
    let api = processOf.get(client);
    if (!api) {
      api = apis[processOf.size % apis.length] ?? apis[0];
      processOf.set(client, api);
    }
    const body = { club_id: client.clubId, ...slot(slotIndex, today) };
    const answer = await http.request(`${api.url}/api/reservations?from=${body.date}&to=${body.date}`, {
      method: 'POST',
      headers: { cookie: client.cookie },
      json: body,
    });
    return answer.status === 201;
  };
}

/**
 * The HTTP floor: the same clients asking only who they are (`verifyAuth`: the session and member
 * lookup every booking makes too, over the same connections). No booking can be answered faster.
 */
function sessionOnly(api: ApiProcess, http: KeptAliveClient) {
  return (client: Client) => checkSession(http, api.url, client.cookie);
}

function viaPlainSql(pool: pg.Pool, today: string) {
  return (client: Client, slotIndex: number) =>
    bookInPlainSql(pool, { clubId: client.clubId, userId: client.userId, ...slot(slotIndex, today) }, today);
}

async function slotsHeldTwice(db: Knex): Promise<number> {
  const { rows } = await db.raw(`
    SELECT count(*)::int AS n FROM (
      SELECT club_id, court_num, date, h FROM reservations, generate_series(start_time, end_time - 1) h
      WHERE NOT recurring GROUP BY 1, 2, 3, 4 HAVING count(*) > 1
    ) doubled`);
  return rows[0].n;
}

type Measured = 'rps' | 'p99' | 'apiCpuMs' | 'benchCpuMs';

const medianOf = (loads: readonly Load[], key: Measured) =>
  round(median(loads.map((l) => l[key])), key === 'rps' || key === 'p99' ? 1 : 2);

/** PostgreSQL's CPU time per request, when every load could see its processes. */
function postgresMedian(loads: readonly Load[]): number | undefined {
  const times = loads.map((l) => l.postgresCpuMs);
  return times.every((t) => t !== undefined) ? round(median(times as number[]), 2) : undefined;
}

async function loggedInClients(api: ApiProcess, clubs: readonly BenchClub[]): Promise<Client[]> {
  return Promise.all(
    clubs.map(async ({ clubId, emails, userIds }) => ({
      clubId,
      userId: userIds[0]!,
      cookie: await login(api.url, emails[0]!, BENCH_PASSWORD),
      firstSlot: 0,
    })),
  );
}

export async function measureWrites(
  api: ApiProcess,
  database: { db: Knex; url: string },
  today: string,
  hash: string,
  runs: number,
  secondApi?: ApiProcess,
): Promise<Figure[]> {
  const { db } = database;
  const spread = await createClubs(db, CLIENTS, 1, hash);
  const overTwo = secondApi ? await loggedInClients(api, await createClubs(db, CLIENTS, 1, hash)) : [];
  const plain = await createClubs(db, CLIENTS, 1, hash);
  const pricedClubs = await createClubs(db, CLIENTS, 1, hash);
  await chargeOntoAccounts(db, pricedClubs);
  const pricedClients = await loggedInClients(api, pricedClubs);
  const [shared] = await createClubs(db, 1, CLIENTS, hash);
  const spreadClients = await loggedInClients(api, spread);
  const plainClients = plain.map(({ clubId, userIds }) => ({
    clubId,
    userId: userIds[0]!,
    cookie: '',
    firstSlot: 0,
  }));
  const sharedClients = await Promise.all(
    shared!.emails.map(async (email, i) => ({
      clubId: shared!.clubId,
      userId: shared!.userIds[i]!,
      cookie: await login(api.url, email, BENCH_PASSWORD),
      firstSlot: i * REQUESTS_PER_CLIENT * runs,
    })),
  );
  const pool = new pg.Pool({ connectionString: database.url, max: BASELINE_POOL });
  const http = new KeptAliveClient(CLIENTS);
  const baseline: Load[] = [];
  const many: Load[] = [];
  const one: Load[] = [];
  const floor: Load[] = [];
  const two: Load[] = [];
  const priced: Load[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      baseline.push(await load(plainClients, r, viaPlainSql(pool, today)));
      floor.push(await load(spreadClients, r, sessionOnly(api, http), api));
      many.push(await load(spreadClients, r, viaApi([api], today, http), api));
      priced.push(await load(pricedClients, r, viaApi([api], today, http), api));
      one.push(await load(sharedClients, r, viaApi([api], today, http), api));
      if (secondApi) {
        await secondApi.settled();
        two.push(await load(overTwo, r, viaApi([api, secondApi], today, http), api));
      }
    }
  } finally {
    http.close();
    await pool.end();
  }
  const doubled = await slotsHeldTwice(db);
  const charges = Number((await db('account_entries').count({ n: '*' }))[0]!.n);
  const failures = [...baseline, ...floor, ...many, ...priced, ...one, ...two].reduce(
    (sum, l) => sum + l.failures,
    0,
  );
  const section = 'writes';
  const plainName = 'plain SQL, 50 clubs';
  const postgresMany = postgresMedian(many);
  const postgresBaseline = postgresMedian(baseline);
  return [
    {
      section,
      name: '50 clients on 50 clubs: requests/s',
      value: medianOf(many, 'rps'),
      unit: 'req/s',
      baseline: medianOf(baseline, 'rps'),
      baselineName: plainName,
      target: '≥ 400, ≥ 0.5',
    },
    {
      section,
      name: '50 clients on 50 clubs: p99',
      value: medianOf(many, 'p99'),
      unit: 'ms',
      baseline: medianOf(baseline, 'p99'),
      baselineName: plainName,
      target: '≤ 150 ms',
    },
    {
      // The steadiest of these figures: the API process is the busiest on the shared cores, so its
      // CPU time per booking decides the rate, and it moves far less with the machine's load.
      section,
      name: '50 clients on 50 clubs: CPU time of the API process per booking',
      value: medianOf(many, 'apiCpuMs'),
      unit: 'ms',
      baseline: medianOf(floor, 'apiCpuMs'),
      baselineName: 'per session check',
    },
    ...(postgresMany !== undefined && postgresBaseline !== undefined
      ? [
          {
            section,
            name: '50 clients on 50 clubs: CPU time of PostgreSQL per booking',
            value: postgresMany,
            unit: 'ms',
            baseline: postgresBaseline,
            baselineName: 'per plain-SQL booking',
          },
        ]
      : []),
    {
      // The load generator shares the cores too: what it spends per request, the server cannot.
      section,
      name: '50 clients on 50 clubs: CPU time of the load generator per booking',
      value: medianOf(many, 'benchCpuMs'),
      unit: 'ms',
      baseline: medianOf(baseline, 'benchCpuMs'),
      baselineName: "plain SQL's client",
    },
    {
      section,
      name: '50 clients on 50 clubs, every booking charged onto the account: requests/s',
      value: medianOf(priced, 'rps'),
      unit: 'req/s',
      baseline: medianOf(many, 'rps'),
      baselineName: 'prices off',
      target: '≥ 0.9',
    },
    {
      section,
      name: '50 clients on 50 clubs, every booking charged: CPU time of the API process per booking',
      value: medianOf(priced, 'apiCpuMs'),
      unit: 'ms',
      baseline: medianOf(many, 'apiCpuMs'),
      baselineName: 'prices off',
    },
    {
      section,
      name: 'charges written (one per priced booking)',
      value: charges,
      unit: '',
      target: `${CLIENTS * REQUESTS_PER_CLIENT * runs}`,
    },
    {
      section,
      name: '50 clients, session check only (the HTTP floor): requests/s',
      value: medianOf(floor, 'rps'),
      unit: 'req/s',
      baseline: medianOf(baseline, 'rps'),
      baselineName: plainName,
    },
    {
      section,
      name: '50 clients on one club: requests/s',
      value: medianOf(one, 'rps'),
      unit: 'req/s',
      baseline: medianOf(many, 'rps'),
      baselineName: '50 clubs',
    },
    {
      section,
      name: '50 clients on one club: p99',
      value: medianOf(one, 'p99'),
      unit: 'ms',
      baseline: medianOf(many, 'p99'),
      baselineName: '50 clubs',
    },
    ...(two.length
      ? [
          {
            section,
            name: '50 clients on 50 clubs over 2 API processes (the production shape, one per core): requests/s',
            value: medianOf(two, 'rps'),
            unit: 'req/s',
            baseline: medianOf(baseline, 'rps'),
            baselineName: plainName,
            target: '≥ 400, ≥ 0.5',
          },
          {
            section,
            name: '50 clients on 50 clubs over 2 API processes: p99',
            value: medianOf(two, 'p99'),
            unit: 'ms',
            baseline: medianOf(baseline, 'p99'),
            baselineName: plainName,
            target: '≤ 150 ms',
          },
        ]
      : []),
    { section, name: 'refused requests (all slots were free)', value: failures, unit: '', target: '0' },
    { section, name: 'slots held twice afterwards', value: doubled, unit: '', target: '0' },
  ];
}
