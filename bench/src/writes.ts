/**
 * Writes: reservation requests from 50 concurrent clients, first spread over 50 clubs, then all on
 * one club, where the per-club lock serialises them. Afterwards no slot may be held twice.
 */
import type { Knex } from 'knex';
import { addDays } from '@platzbuchung/domain/dates';
import { login, type ApiProcess } from './support/api-process';
import type { Figure } from './support/report';
import { BENCH_PASSWORD } from './support/seed';
import { percentile, round } from './support/stats';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 40;

async function createClubs(db: Knex, count: number, adminsPerClub: number, hash: string) {
  const clubs: { clubId: string; emails: string[] }[] = [];
  for (let c = 0; c < count; c++) {
    const [club] = await db('clubs')
      .insert({
        name: `Bench Schreiben ${c}`,
        courts_count: 20,
        start_hour: 8,
        end_hour: 22,
        reservations_limit: 3,
      })
      .returning('id');
    const emails = Array.from({ length: adminsPerClub }, (_, a) => `w${a}-${club.id}@bench.invalid`);
    await db('users').insert(
      emails.map((email, a) => ({
        club_id: club.id,
        first_name: 'Bench',
        last_name: `Admin${a}`,
        email,
        password_hash: hash,
        role: 'admin',
      })),
    );
    clubs.push({ clubId: club.id, emails });
  }
  return clubs;
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
  firstSlot: number;
}

async function run(api: ApiProcess, clients: Client[], today: string) {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let k = 0; k < REQUESTS_PER_CLIENT; k++) {
        const body = { club_id: client.clubId, ...slot(client.firstSlot + k, today) };
        const t0 = performance.now();
        const response = await fetch(`${api.url}/api/reservations?from=${body.date}&to=${body.date}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', cookie: client.cookie },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== 201) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: round(latencies.length / seconds), p99: round(percentile(latencies, 99)), failures };
}

async function slotsHeldTwice(db: Knex): Promise<number> {
  const { rows } = await db.raw(`
    SELECT count(*)::int AS n FROM (
      SELECT club_id, court_num, date, h FROM reservations, generate_series(start_time, end_time - 1) h
      WHERE NOT recurring GROUP BY 1, 2, 3, 4 HAVING count(*) > 1
    ) doubled`);
  return rows[0].n;
}

export async function measureWrites(
  api: ApiProcess,
  db: Knex,
  today: string,
  hash: string,
): Promise<Figure[]> {
  const spread = await createClubs(db, CLIENTS, 1, hash);
  const [shared] = await createClubs(db, 1, CLIENTS, hash);
  const spreadClients = await Promise.all(
    spread.map(async ({ clubId, emails }) => ({
      clubId,
      cookie: await login(api.url, emails[0]!, BENCH_PASSWORD),
      firstSlot: 0,
    })),
  );
  const sharedClients = await Promise.all(
    shared!.emails.map(async (email, i) => ({
      clubId: shared!.clubId,
      cookie: await login(api.url, email, BENCH_PASSWORD),
      firstSlot: i * REQUESTS_PER_CLIENT,
    })),
  );
  const many = await run(api, spreadClients, today);
  const one = await run(api, sharedClients, today);
  const doubled = await slotsHeldTwice(db);
  const section = 'writes';
  return [
    { section, name: '50 clients on 50 clubs: requests/s', value: many.rps, unit: 'req/s' },
    { section, name: '50 clients on 50 clubs: p99', value: many.p99, unit: 'ms' },
    {
      section,
      name: '50 clients on one club: requests/s',
      value: one.rps,
      unit: 'req/s',
      baseline: many.rps,
      baselineName: '50 clubs',
    },
    {
      section,
      name: '50 clients on one club: p99',
      value: one.p99,
      unit: 'ms',
      baseline: many.p99,
      baselineName: '50 clubs',
    },
    {
      section,
      name: 'refused requests (all slots were free)',
      value: many.failures + one.failures,
      unit: '',
    },
    { section, name: 'slots held twice afterwards', value: doubled, unit: '', target: '0' },
  ];
}
