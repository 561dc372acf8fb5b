/**
 * Rushes as phones make them: every member's booking goes out on a connection of its own, opened
 * at that moment (no kept-alive socket; the login's cookie was taken before). One club of 300
 * members at the same instant, and a national morning: 500 clubs whose booking opens in the same
 * minute, 20 members each, each club's members within a second of its opening. Beside each, the
 * same members only asking who they are, on fresh connections too. The client splits each request
 * into connecting, waiting for the first byte and reading; the API process (BENCH_TIMINGS=1,
 * ./support/timings) splits its side: accept to parsed request, the pool's wait, the session
 * lookup, the club lock, other statements, the answer's size. BENCH_PHONES_AGAINST (`NAME=value …`)
 * starts a second API process with that environment beside the first, and the two take turns in
 * each run: a configured lever's before and after in the same minutes.
 */
import http from 'node:http';
import type { Knex } from 'knex';
import { addDays } from '@platzbuchung/domain/dates';
import { login, type ApiProcess } from './support/api-process';
import type { Figure } from './support/report';
import { BENCH_PASSWORD } from './support/seed';
import { percentile, round } from './support/stats';
import type { TimingSummary } from './support/timings';
import { createClubs } from './writes';

interface Sent {
  club: number;
  slot: number;
  status: number;
  connectMs: number;
  firstByteMs: number;
  totalMs: number;
  worded: boolean;
  error?: string;
}

interface Member {
  club: number;
  clubId: string;
  cookie: string;
  slot: number;
  /** Milliseconds after the start at which this member's phone sends. */
  at: number;
}

/** One request on a new TCP connection, closed after the answer. */
function fresh(url: string, member: Member, body: object | undefined): Promise<Sent> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const t0 = performance.now();
  let connected = t0;
  let firstByte = t0;
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: payload ? 'POST' : 'GET',
        agent: false,
        headers: {
          cookie: member.cookie,
          'Accept-Encoding': 'gzip, deflate, br',
          ...(payload
            ? { 'Content-Type': 'application/json', 'Content-Length': String(payload.length) }
            : {}),
        },
      },
      (response) => {
        firstByte = performance.now();
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            club: member.club,
            slot: member.slot,
            status: response.statusCode ?? 0,
            connectMs: connected - t0,
            firstByteMs: firstByte - connected,
            totalMs: performance.now() - t0,
            // Refusals are small and never compressed (below 1 kB): their text can be read here.
            worded: response.statusCode === 201 || /"error":"[^"]+"/.test(text),
          });
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({
            club: member.club,
            slot: member.slot,
            status: 0,
            connectMs: connected - t0,
            firstByteMs: 0,
            totalMs: performance.now() - t0,
            worded: false,
            error: error.code ?? error.message,
          }),
        );
      },
    );
    request.on('socket', (socket) => socket.once('connect', () => (connected = performance.now())));
    // A connection refused or reset is an answer lost, counted as status 0 with its error code.
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        club: member.club,
        slot: member.slot,
        status: 0,
        connectMs: connected - t0,
        firstByteMs: 0,
        totalMs: performance.now() - t0,
        worded: false,
        error: error.code ?? error.message,
      }),
    );
    request.end(payload);
  });
}

/** "408 unworded ×76, 429 ×3": each status of the answers, how many, and whether they had no words. */
function statusTally(answers: readonly Sent[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = `${a.status}${a.worded ? '' : ' unworded'}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${key} ×${n}`).join(', ');
}

function eveningSlot(index: number, date: string) {
  const hour = 18 + Math.floor(index / 10);
  return { court_num: String((index % 10) + 1), start_time: hour, end_time: hour + 1, date };
}

/** Everyone sends at their moment; answers are collected as they come. */
async function send(api: ApiProcess, members: readonly Member[], date: string | undefined): Promise<Sent[]> {
  const start = performance.now() + 50;
  return Promise.all(
    members.map(
      (member) =>
        new Promise<Sent>((resolve, reject) => {
          setTimeout(
            () => {
              const answer = date
                ? fresh(`${api.url}/api/reservations?from=${date}&to=${date}`, member, {
                    club_id: member.clubId,
                    ...eveningSlot(member.slot, date),
                  })
                : fresh(`${api.url}/api/verifyAuth`, member, undefined);
              answer.then(resolve, reject);
            },
            Math.max(0, start + member.at - performance.now()),
          );
        }),
    ),
  );
}

interface Scenario {
  name: string;
  clubs: number;
  membersPerClub: number;
  slotsPerClub: number;
  /** Over how many milliseconds the clubs open; each club's members send within `jitterMs` of it. */
  openingMs: number;
  jitterMs: number;
  target: string;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'one club, 300 members',
    clubs: 1,
    membersPerClub: 300,
    slotsPerClub: 30,
    openingMs: 0,
    jitterMs: 0,
    target: '≤ 300 ms',
  },
  {
    name: 'national morning, 500 clubs × 20 members',
    clubs: 500,
    membersPerClub: 20,
    slotsPerClub: 10,
    openingMs: Number(process.env.BENCH_MORNING_MS ?? 60_000),
    jitterMs: 1_000,
    target: '≤ 500 ms',
  },
];

async function loginEach(api: ApiProcess, emails: readonly string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += 20) {
    cookies.push(
      ...(await Promise.all(emails.slice(i, i + 20).map((e) => login(api.url, e, BENCH_PASSWORD)))),
    );
  }
  return cookies;
}

function timingFigures(section: string, label: string, timings: TimingSummary): Figure[] {
  const figures: Figure[] = [
    { section, name: `${label}: answer size`, value: timings.bytesPerAnswer, unit: 'B' },
  ];
  for (const [kind, t] of Object.entries(timings.kinds)) {
    figures.push({
      section,
      name: `${label}: ${kind} p50 / p99 (${t.count}×)`,
      value: t.p99,
      unit: 'ms',
      baseline: t.p50,
      baselineName: 'p50',
    });
  }
  return figures;
}

/** An API process under load, named in the figures when several are compared. */
export interface PhonesApi {
  label: string;
  api: ApiProcess;
}

export async function measurePhones(
  apis: readonly PhonesApi[],
  db: Knex,
  today: string,
  hash: string,
  runs: number,
  log: (line: string) => void,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  // BENCH_PHONES=club or =morning runs one of the two.
  const only = process.env.BENCH_PHONES;
  const chosen = SCENARIOS.filter(
    (s) => !only || s.name.startsWith(only === 'club' ? 'one club' : 'national'),
  );
  for (const scenario of chosen) {
    const section = `phones: ${scenario.name}`;
    log(`${section}: creating the clubs and logging the members in…`);
    const clubs = await createClubs(db, scenario.clubs, scenario.membersPerClub, hash, 'player');
    const members: Member[] = [];
    // A login is valid on every process: they share the database and the session secret.
    const allCookies = await loginEach(
      apis[0]!.api,
      clubs.flatMap((club) => club.emails),
    );
    for (const [c, club] of clubs.entries()) {
      const cookies = allCookies.slice(c * scenario.membersPerClub, (c + 1) * scenario.membersPerClub);
      const opens = scenario.clubs > 1 ? (c * scenario.openingMs) / scenario.clubs : 0;
      cookies.forEach((cookie, m) =>
        members.push({
          club: c,
          clubId: club.clubId,
          cookie,
          slot: m % scenario.slotsPerClub,
          at: opens + ((m * 7919) % 1000) * (scenario.jitterMs / 1000),
        }),
      );
    }
    // Several processes (a lever's before and after) take turns within each run, each on a day of its own.
    for (let turn = 0; turn < runs * apis.length; turn++) {
      const run = Math.floor(turn / apis.length);
      const { label, api } = apis[turn % apis.length]!;
      await api.settled();
      await api.timings();
      const checks = await send(api, members, undefined);
      const checkTimings = await api.timings();
      await api.settled();
      const answers = await send(api, members, addDays(today, 1 + turn));
      const bookingTimings = await api.timings();
      const winners = new Map<string, number>();
      for (const a of answers)
        if (a.status === 201)
          winners.set(`${a.club}:${a.slot}`, (winners.get(`${a.club}:${a.slot}`) ?? 0) + 1);
      const slots = scenario.clubs * scenario.slotsPerClub;
      const wrong = slots - [...winners.values()].filter((n) => n === 1).length;
      const p = (list: readonly Sent[], key: 'totalMs' | 'connectMs' | 'firstByteMs', q: number) =>
        round(
          percentile(
            list.map((a) => a[key]),
            q,
          ),
        );
      const r = apis.length > 1 ? `run ${run + 1}, ${label}` : `run ${run + 1}`;
      const lost = answers.filter((a) => a.status === 0);
      const lostChecks = checks.filter((a) => a.status === 0);
      // Answers that came, other than a booking or a refusal in words; the lost ones are counted apart.
      const others = answers.filter(
        (a) => a.status !== 0 && a.status !== 201 && (a.status !== 409 || !a.worded),
      );
      log(
        `${section} ${r}: p99 ${p(answers, 'totalMs', 99)} ms, session checks ${p(checks, 'totalMs', 99)} ms`,
      );
      log(`  bookings: connect p99 ${p(answers, 'connectMs', 99)} ms; ${JSON.stringify(bookingTimings)}`);
      log(`  checks: connect p99 ${p(checks, 'connectMs', 99)} ms; ${JSON.stringify(checkTimings)}`);
      figures.push(
        {
          section,
          name: `${r}: bookings p99`,
          value: p(answers, 'totalMs', 99),
          unit: 'ms',
          baseline: p(checks, 'totalMs', 99),
          baselineName: 'session checks, fresh connections',
          target: scenario.target,
        },
        {
          section,
          name: `${r}: bookings p50`,
          value: p(answers, 'totalMs', 50),
          unit: 'ms',
          baseline: p(checks, 'totalMs', 50),
        },
        {
          section,
          name: `${r}: connecting p50 / p99`,
          value: p(answers, 'connectMs', 99),
          unit: 'ms',
          baseline: p(answers, 'connectMs', 50),
          baselineName: 'p50',
        },
        {
          section,
          name: `${r}: connected → first byte p50 / p99`,
          value: p(answers, 'firstByteMs', 99),
          unit: 'ms',
          baseline: p(answers, 'firstByteMs', 50),
          baselineName: 'p50',
        },
        ...timingFigures(section, `${r} bookings`, bookingTimings),
        ...timingFigures(section, `${r} session checks`, checkTimings),
        {
          section,
          name: `${r}: lost (connection errors: ${[...new Set(lost.map((a) => a.error))].join(', ') || 'none'})`,
          value: lost.length,
          unit: '',
          baseline: lostChecks.length,
          baselineName: 'session checks lost',
          target: '0',
        },
        {
          section,
          name: `${r}: slots without exactly one winner (of ${slots})`,
          value: wrong,
          unit: '',
          target: '0',
        },
        {
          section,
          name: `${r}: answers 5xx`,
          value: answers.filter((a) => a.status >= 500).length,
          unit: '',
          target: '0',
        },
        {
          section,
          name: `${r}: answered, but other than 201 or a worded 409 (${statusTally(others) || 'none'})`,
          value: others.length,
          unit: '',
          target: '0',
        },
      );
    }
  }
  return figures;
}
