/**
 * Live streams: N open streams (`--streams`, default 1,000) spread over two API processes and over
 * the clubs, while admins book at `--rate` bookings/s (default 200) across the clubs, alternating
 * the processes, for `--seconds` (default 20). Figures:
 * - latency from a booking's answer to the arrival of its message at each listener of its club
 *   (p50, p95, p99; negative when the message overtook the answer);
 * - API memory growth (both processes' RSS) per 1,000 open streams, measured once the streams are
 *   open and again after the load;
 * - messages lost and repeated, counted per stream against the club's events in the database.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import type { Knex } from 'knex';
import { addDays } from '@platzbuchung/domain/dates';
import { login, type ApiProcess } from './support/api-process';
import type { Figure } from './support/report';
import { BENCH_PASSWORD, BENCH_PASSWORD_HASH, insertBenchClub } from './support/seed';
import { percentile, round } from './support/stats';

interface LiveOptions {
  streams: number;
  rate: number;
  seconds: number;
  clubs: number;
}

/** `--streams 1000`, `--streams=1000`; BENCH_STREAMS etc. in the environment work too. */
export function liveOptions(argv: readonly string[]): LiveOptions {
  const flag = (name: string, fallback: number) => {
    const inline = argv.find((arg) => arg.startsWith(`--${name}=`));
    const index = argv.indexOf(`--${name}`);
    const raw =
      inline?.split('=')[1] ?? (index >= 0 ? argv[index + 1] : process.env[`BENCH_${name.toUpperCase()}`]);
    const value = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    streams: flag('streams', 1_000),
    rate: flag('rate', 200),
    seconds: flag('seconds', 20),
    clubs: flag('clubs', 50),
  };
}

/** Streams each member holds open (below the API's bound per member). */
const STREAMS_PER_LOGIN = 5;

interface BenchClub {
  clubId: string;
  adminEmail: string;
  playerEmails: string[];
}

async function createClubs(db: Knex, count: number, playersPerClub: number): Promise<BenchClub[]> {
  const clubs: BenchClub[] = [];
  for (let c = 0; c < count; c++) {
    const club = await insertBenchClub(db, `Bench Live ${c}`);
    const adminEmail = `live-admin-${club.id}@bench.invalid`;
    const playerEmails = Array.from(
      { length: playersPerClub },
      (_, p) => `live-${p}-${club.id}@bench.invalid`,
    );
    await db('users').insert(
      [adminEmail, ...playerEmails].map((email, i) => ({
        club_id: club.id,
        first_name: 'Bench',
        last_name: i === 0 ? 'Admin' : `Spieler${i}`,
        email,
        password_hash: BENCH_PASSWORD_HASH,
        role: i === 0 ? 'admin' : 'player',
      })),
    );
    clubs.push({ clubId: club.id, adminEmail, playerEmails });
  }
  return clubs;
}

/** A listener: the ids it received, and when each booking's message arrived. */
interface Listener {
  clubId: string;
  startSeq: number;
  received: number[];
  /** Per booking (court|date|hour): performance.now() of arrival. */
  arrivals: Map<string, number>;
  /** Per club sequence: Date.now() of arrival, against the event's time. */
  arrivedAt: Map<number, number>;
  close(): void;
}

function openStream(url: string, clubId: string, cookie: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const listener: Listener = {
      clubId,
      startSeq: -1,
      received: [],
      arrivals: new Map(),
      arrivedAt: new Map(),
      close: () => {},
    };
    const request = http.get(
      `${url}/api/reservations/stream?club_id=${clubId}`,
      { headers: { Cookie: cookie, Accept: 'text/event-stream' }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream refused: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          const now = performance.now();
          const wallNow = Date.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(message)?.[1];
            if (!data) continue;
            if (message.includes('event: ready')) {
              listener.startSeq = (JSON.parse(data) as { club_seq: number }).club_seq;
              resolve(listener);
              continue;
            }
            const change = JSON.parse(data) as {
              club_seq: number;
              reservation: { court_num: string; date: string; start_time: number } | null;
            };
            listener.received.push(change.club_seq);
            listener.arrivedAt.set(change.club_seq, wallNow);
            if (change.reservation) {
              const { court_num, date, start_time } = change.reservation;
              listener.arrivals.set(`${court_num}|${date}|${start_time}`, now);
            }
          }
        });
      },
    );
    request.on('error', (err) => (listener.startSeq < 0 ? reject(err) : undefined));
    listener.close = () => request.destroy();
  });
}

/** The k-th distinct slot of a club from tomorrow on: 20 courts × 14 hours a day. */
function slot(index: number, today: string) {
  const date = addDays(today, 1 + Math.floor(index / 280));
  const hour = 8 + (Math.floor(index / 20) % 14);
  return { court_num: String((index % 20) + 1), start_time: hour, end_time: hour + 1, date };
}

/** Bookings in flight at most: beyond what the APIs answer, more would only queue in them. */
const MAX_IN_FLIGHT = 16;

/**
 * Books at up to `rate` per second, round robin over the clubs and the two processes, with at most
 * MAX_IN_FLIGHT requests open; the rate achieved is what the machine sustains.
 */
async function bookAtRate(
  apis: readonly [ApiProcess, ApiProcess],
  clubs: readonly BenchClub[],
  adminCookies: ReadonlyMap<string, string>,
  nextSlot: Map<string, number>,
  today: string,
  options: LiveOptions,
) {
  const answers = new Map<string, { clubId: string; at: number }>();
  const took: number[] = [];
  let failures = 0;
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1_000 / options.rate;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let b = 0; b < total; b++) {
    const wait = started + b * intervalMs - performance.now();
    if (wait > 1) await sleep(wait);
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const club = clubs[b % clubs.length]!;
    const index = nextSlot.get(club.clubId) ?? 0;
    nextSlot.set(club.clubId, index + 1);
    const body = { club_id: club.clubId, ...slot(index, today) };
    const api = apis[b % 2]!;
    const t0 = performance.now();
    const request = fetch(`${api.url}/api/reservations?from=${body.date}&to=${body.date}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', cookie: adminCookies.get(club.clubId)! },
      body: JSON.stringify(body),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        const at = performance.now();
        took.push(at - t0);
        if (response.status !== 201) failures++;
        else
          answers.set(`${club.clubId}|${body.court_num}|${body.date}|${body.start_time}`, {
            clubId: club.clubId,
            at,
          });
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  return { answers, failures, rate: round(took.length / seconds), p95: round(percentile(took, 95)) };
}

/** Both processes' memory after a full collection. */
const memoryMiB = async (apis: readonly ApiProcess[]) => Promise.all(apis.map((api) => api.memoryMiB()));
type Memory = { rss: number; heap: number }[];
const growthPer1000 = (before: Memory, after: Memory, streams: number, kind: 'rss' | 'heap') =>
  ((after[0]![kind] - before[0]![kind] + (after[1]![kind] - before[1]![kind])) / streams) * 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureLive(
  apis: readonly [ApiProcess, ApiProcess],
  db: Knex,
  today: string,
  options: LiveOptions,
  log: (line: string) => void,
): Promise<Figure[]> {
  const section = 'live';
  const loginsPerClub = Math.ceil(options.streams / options.clubs / STREAMS_PER_LOGIN);
  const clubs = await createClubs(db, options.clubs, loginsPerClub);
  log(`${clubs.length} clubs; logging in ${clubs.length * (loginsPerClub + 1)} members`);
  const adminCookies = new Map<string, string>();
  const playerCookies = new Map<string, string[]>();
  for (const club of clubs) {
    adminCookies.set(club.clubId, await login(apis[0].url, club.adminEmail, BENCH_PASSWORD));
    const cookies: string[] = [];
    for (const email of club.playerEmails) cookies.push(await login(apis[0].url, email, BENCH_PASSWORD));
    playerCookies.set(club.clubId, cookies);
  }

  // Warm both processes up (routes, pools) before the memory baseline.
  for (const api of apis) {
    const warm = await openStream(api.url, clubs[0]!.clubId, playerCookies.get(clubs[0]!.clubId)![0]!);
    warm.close();
  }
  await sleep(1_000);
  const nextSlot = new Map<string, number>();
  log(`baseline: booking at up to ${options.rate}/s for ${options.seconds} s with no stream open`);
  const baseline = await bookAtRate(apis, clubs, adminCookies, nextSlot, today, options);
  await memoryMiB(apis);
  await sleep(2_000);
  const before = await memoryMiB(apis);

  log(`opening ${options.streams} streams`);
  const listeners: Listener[] = [];
  for (let s = 0; s < options.streams; s++) {
    const club = clubs[s % clubs.length]!;
    const perClub = Math.floor(s / clubs.length);
    const cookie = playerCookies.get(club.clubId)![Math.floor(perClub / STREAMS_PER_LOGIN)]!;
    listeners.push(await openStream(apis[s % 2]!.url, club.clubId, cookie));
  }
  await memoryMiB(apis);
  await sleep(2_000);
  const opened = await memoryMiB(apis);
  const mib = (memory: Memory) => memory.map((m) => `${round(m.rss)} (heap ${round(m.heap)})`).join(' + ');
  log(`streams open; API RSS ${mib(before)} → ${mib(opened)} MiB`);

  log(`booking at up to ${options.rate}/s for ${options.seconds} s`);
  const load = await bookAtRate(apis, clubs, adminCookies, nextSlot, today, options);
  const { answers } = load;
  // Let the last messages arrive.
  await sleep(3_000);
  const afterLoad = await memoryMiB(apis);

  const latencies: number[] = [];
  for (const listener of listeners) {
    for (const [key, arrived] of listener.arrivals) {
      const answer = answers.get(`${listener.clubId}|${key}`);
      if (answer) latencies.push(arrived - answer.at);
    }
  }

  let lost = 0;
  let repeated = 0;
  const expectedByClub = new Map<string, number[]>();
  const occurredAt = new Map<string, number>();
  for (const club of clubs) {
    const rows: { club_seq: number; occurred_at: Date }[] = await db('events')
      .where('club_id', club.clubId)
      .orderBy('club_seq')
      .select('club_seq', 'occurred_at');
    expectedByClub.set(
      club.clubId,
      rows.map((r) => Number(r.club_seq)),
    );
    for (const row of rows) occurredAt.set(`${club.clubId}|${row.club_seq}`, row.occurred_at.getTime());
  }
  const sinceEvent: number[] = [];
  for (const listener of listeners) {
    for (const [seq, arrived] of listener.arrivedAt) {
      const occurred = occurredAt.get(`${listener.clubId}|${seq}`);
      if (occurred !== undefined) sinceEvent.push(arrived - occurred);
    }
  }
  for (const listener of listeners) {
    const expected = expectedByClub.get(listener.clubId)!.filter((seq) => seq > listener.startSeq);
    const seen = new Set<number>();
    for (const seq of listener.received) {
      if (seen.has(seq)) repeated++;
      seen.add(seq);
    }
    lost += expected.filter((seq) => !seen.has(seq)).length;
  }
  const messages = listeners.reduce((sum, l) => sum + l.received.length, 0);
  for (const listener of listeners) listener.close();

  return [
    { section, name: 'open streams (over 2 API processes)', value: options.streams, unit: '' },
    { section, name: 'bookings answered 201', value: answers.size, unit: '' },
    { section, name: 'bookings refused', value: load.failures + baseline.failures, unit: '' },
    {
      section,
      name: 'booking rate achieved, streams open',
      value: load.rate,
      unit: '/s',
      baseline: baseline.rate,
      baselineName: 'no stream open',
      target: `${options.rate}/s`,
    },
    {
      section,
      name: 'booking answer p95, streams open',
      value: load.p95,
      unit: 'ms',
      baseline: baseline.p95,
      baselineName: 'no stream open',
    },
    { section, name: 'messages delivered', value: messages, unit: '' },
    { section, name: 'answer → arrival p50', value: round(percentile(latencies, 50)), unit: 'ms' },
    {
      section,
      name: 'answer → arrival p95',
      value: round(percentile(latencies, 95)),
      unit: 'ms',
      target: '≤ 300 ms',
    },
    { section, name: 'answer → arrival p99', value: round(percentile(latencies, 99)), unit: 'ms' },
    {
      section,
      name: 'event time (command start) → arrival p50 / p95',
      value: round(percentile(sinceEvent, 50)),
      unit: `ms / ${round(percentile(sinceEvent, 95))} ms`,
    },
    { section, name: 'machine load average (1 min) at the end', value: round(loadavg()[0]!, 2), unit: '' },
    {
      section,
      name: 'API memory growth per 1,000 open streams: JS heap and buffers',
      value: round(growthPer1000(before, opened, options.streams, 'heap')),
      unit: 'MiB',
      target: '≤ 50 MiB',
    },
    {
      section,
      // Noisy: the allocator hands memory back to the system late, so it can even shrink.
      name: 'API memory growth per 1,000 open streams: RSS',
      value: round(growthPer1000(before, opened, options.streams, 'rss')),
      unit: 'MiB',
    },
    {
      section,
      name: 'API memory growth per 1,000 streams after the load: heap / RSS',
      value: round(growthPer1000(before, afterLoad, options.streams, 'heap')),
      unit: `MiB / ${round(growthPer1000(before, afterLoad, options.streams, 'rss'))} MiB`,
    },
    { section, name: 'messages lost', value: lost, unit: '', target: '0' },
    { section, name: 'messages repeated', value: repeated, unit: '', target: '0' },
  ];
}
