/**
 * `npm run bench -- national`: the figures of the other parts at a national size (9,000 clubs, about
 * 1.4 million members, ten million events), each next to the same figure at 60,000 events measured
 * in the same run, probe by probe, small database first. Both databases hold the same busy club
 * (bench/src/support/seed.ts), so its reads answer the same rows: what differs is only the size of
 * the tables around it. The national database is kept between runs (./national/database).
 */
import { localMoment, addDays } from '@platzbuchung/domain/dates';
import { lastBookableDay } from '@platzbuchung/domain/reservations/limits';
import { login, startApiProcess, type ApiProcess } from './support/api-process';
import { createBenchDatabase } from './support/database';
import type { Figure } from './support/report';
import { BENCH_PASSWORD, BENCH_PASSWORD_HASH, BENCH_TIME_ZONE, seedBusyClub } from './support/seed';
import { freePort } from './support/stack';
import { median, round } from './support/stats';
import { createClubs } from './writes';
import { nationalDatabase } from './national/database';
import { clubName, nationalEmail } from './national/generate';
import * as probes from './national/probes';
import { NATIONAL_SHAPE } from './national/shape';
import type { Db } from '@platzbuchung/api/db/connect';

const BOOKING_CLUBS = 500;
const NAME = process.env.BENCH_NATIONAL_DATABASE ?? 'pb_bench_national';

type Log = (line: string) => void;

async function loginAll(api: ApiProcess, emails: readonly string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += 20) {
    cookies.push(
      ...(await Promise.all(emails.slice(i, i + 20).map((e) => login(api.url, e, BENCH_PASSWORD)))),
    );
  }
  return cookies;
}

/** The first day after every booking the clubs hold (never before tomorrow). */
async function firstFreeDay(db: Db, clubIds: string[], today: string): Promise<string> {
  const { rows } = await db.raw('SELECT max(date)::text AS last FROM reservations WHERE club_id = ANY(?)', [
    clubIds,
  ]);
  const last: string | null = rows[0].last;
  const free = last && last >= today ? addDays(last, 1) : addDays(today, 1);
  // Each run's bookings take days after the last; two years ahead nobody may book.
  if (free > addDays(lastBookableDay(today), -30)) {
    throw new Error(
      `The booking clubs' days are booked up to ${last}, near the last bookable day: drop the kept database (dropdb ${NAME}) to generate it anew.`,
    );
  }
  return free;
}

async function site(
  label: string,
  db: Db,
  url: string,
  busy: { clubId: string; adminEmail: string },
  bookers: { clubId: string; email: string }[],
  readDay: string,
  today: string,
): Promise<probes.Site> {
  const api = await startApiProcess(url, await freePort());
  const [adminCookie] = await loginAll(api, [busy.adminEmail]);
  const feed = await fetch(`${api.url}/api/account/calendar`, {
    method: 'POST',
    headers: { cookie: adminCookie!, 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!feed.ok) throw new Error(`calendar link: ${feed.status} ${await feed.text()}`);
  const { url: feedUrl } = (await feed.json()) as { url: string };
  const cookies = await loginAll(
    api,
    bookers.map((b) => b.email),
  );
  return {
    label,
    api,
    db,
    busyClubId: busy.clubId,
    adminCookie: adminCookie!,
    readDay,
    calendarPath: new URL(feedUrl).pathname,
    bookers: bookers.map((b, i) => ({ clubId: b.clubId, cookie: cookies[i]! })),
    nextFreeDay: await firstFreeDay(
      db,
      bookers.map((b) => b.clubId),
      today,
    ),
  };
}

interface Probe {
  name: string;
  /** What is reported: a rate (higher is better) or a time. */
  rate?: { unit: string };
  time?: { unit: string; of: 'p99' | 'total' };
  run(site: probes.Site): Promise<probes.Measured>;
  runs?: number;
}

function probeList(seconds: number, runs: number): Probe[] {
  const rebuildRuns = Number(process.env.BENCH_NATIONAL_REBUILDS ?? 1);
  const list: Probe[] = [
    { name: 'bookings across 500 clubs, 50 clients', rate: { unit: 'bookings/s' }, run: probes.bookings },
    { name: '… p99', time: { unit: 'ms', of: 'p99' }, run: probes.bookings },
    {
      name: "the busy club's week, 10 conn (kept list)",
      rate: { unit: 'req/s' },
      run: (s) => probes.weekRead(s, seconds),
    },
    { name: '… p99', time: { unit: 'ms', of: 'p99' }, run: (s) => probes.weekRead(s, seconds) },
    {
      name: "the admin log's first page, 10 conn",
      rate: { unit: 'req/s' },
      run: (s) => probes.adminLog(s, seconds),
    },
    { name: '… p99', time: { unit: 'ms', of: 'p99' }, run: (s) => probes.adminLog(s, seconds) },
    {
      name: '"Stand am" of a day, one at a time',
      rate: { unit: 'req/s' },
      run: (s) => probes.asOf(s, seconds),
    },
    { name: '… p99', time: { unit: 'ms', of: 'p99' }, run: (s) => probes.asOf(s, seconds) },
    { name: 'calendar feed, 10 conn', rate: { unit: 'req/s' }, run: (s) => probes.calendarFeed(s, seconds) },
    { name: '… p99', time: { unit: 'ms', of: 'p99' }, run: (s) => probes.calendarFeed(s, seconds) },
    {
      name: `\`events follow\` catching up ${probes.FOLLOW_EVENTS.toLocaleString('en')} events`,
      rate: { unit: 'events/s' },
      run: probes.followCatchUp,
    },
    {
      name: 'rebuild of the reservations (the whole log)',
      rate: { unit: 'events/s' },
      run: probes.rebuild,
      runs: rebuildRuns,
    },
    { name: '… time', time: { unit: 'ms', of: 'total' }, run: probes.rebuild, runs: rebuildRuns },
  ];
  return list.map((probe) => ({ runs, ...probe }));
}

/** Each measured pair once per probe; a "… p99" row reads the run of the row above it. */
async function measurePairs(small: probes.Site, big: probes.Site, seconds: number, runs: number, log: Log) {
  const figures: Figure[] = [];
  let last: { small: probes.Measured[]; big: probes.Measured[] } = { small: [], big: [] };
  for (const probe of probeList(seconds, runs)) {
    if (!probe.name.startsWith('…')) {
      last = { small: [], big: [] };
      for (let r = 0; r < probe.runs!; r++) {
        log(`${probe.name}, run ${r + 1}`);
        last.small.push(await probe.run(small));
        await big.api.settled();
        last.big.push(await probe.run(big));
        await small.api.settled();
      }
    }
    const pick = (m: probes.Measured) => (probe.rate ? m.perSecond : m.p99);
    const exact60k = median(last.small.map(pick));
    const exact10m = median(last.big.map(pick));
    // Two decimals below 10: "Stand am" answers about once a second, where a tenth is 10 %.
    const [at60k, at10m] = [exact60k, exact10m].map((v) => round(v, v < 10 ? 2 : 1)) as [number, number];
    // The ratio is always the national cost over the small one: a rate's inverse, a time's quotient,
    // from the unrounded medians.
    const ratio = round(probe.rate ? exact60k / exact10m : exact10m / exact60k, 2);
    log(`  ${probe.name}: ${at60k} at 60k, ${at10m} at 10M (cost ratio ${ratio})`);
    figures.push({
      section: 'national',
      name: probe.name,
      value: at10m,
      unit: probe.rate?.unit ?? probe.time!.unit,
      baseline: at60k,
      baselineName: 'at 60k events',
      target: 'cost ratio ≤ 1.2',
      ratio,
    });
  }
  return figures;
}

async function sizes(db: Db): Promise<{ bytes: number; eventBytes: number; events: number }> {
  const { rows } = await db.raw(`SELECT pg_database_size(current_database())::bigint AS bytes,
    pg_total_relation_size('events')::bigint AS event_bytes, (SELECT count(*) FROM events)::bigint AS events`);
  return {
    bytes: Number(rows[0].bytes),
    eventBytes: Number(rows[0].event_bytes),
    events: Number(rows[0].events),
  };
}

export async function measureNational(runs: number, seconds: number, log: Log): Promise<Figure[]> {
  const today = localMoment(new Date(), BENCH_TIME_ZONE).date;
  const national = await nationalDatabase(NAME, NATIONAL_SHAPE, today, log);
  const small = await createBenchDatabase();
  const sites: probes.Site[] = [];
  try {
    log('the database of 60,000 events: the busy club and 500 booking clubs…');
    const busy = await seedBusyClub(small.db, { name: 'Bench Lesen', historyFactor: 1, today });
    const clubs = await createClubs(small.db, BOOKING_CLUBS, 1, BENCH_PASSWORD_HASH);
    await small.db.raw('VACUUM ANALYZE');
    sites.push(
      await site(
        '60k',
        small.db,
        small.url,
        busy,
        clubs.map((c) => ({ clubId: c.clubId, email: c.emails[0]! })),
        today,
        today,
      ),
    );
    const every = Math.floor(NATIONAL_SHAPE.clubs / BOOKING_CLUBS);
    const picked = Array.from({ length: BOOKING_CLUBS }, (_, i) => i * every);
    const ids: { id: string; name: string }[] = await national
      .db('clubs')
      .whereIn('name', picked.map(clubName))
      .select('id', 'name');
    const idOf = new Map(ids.map((c) => [c.name, c.id]));
    sites.push(
      await site(
        '10M',
        national.db,
        national.url,
        national.marker.busyClub,
        picked.map((i) => ({ clubId: idOf.get(clubName(i))!, email: nationalEmail(i, 0) })),
        national.marker.today,
        today,
      ),
    );
    const figures = await measurePairs(sites[0]!, sites[1]!, seconds, runs, log);
    const big = await sizes(national.db);
    const smallSize = await sizes(small.db);
    const perMillion = (s: { bytes: number; events: number }) =>
      round(s.bytes / 2 ** 30 / (s.events / 1e6), 2);
    figures.push(
      {
        section: 'national',
        name: 'events in the database',
        value: big.events,
        unit: '',
        baseline: smallSize.events,
        baselineName: 'at 60k events',
      },
      {
        section: 'national',
        name: 'database size per million events',
        value: perMillion(big),
        unit: 'GiB',
        baseline: perMillion(smallSize),
        baselineName: 'at 60k events',
      },
      {
        section: 'national',
        name: 'of it the event table with its indexes',
        value: round(big.eventBytes / 2 ** 30 / (big.events / 1e6), 2),
        unit: 'GiB',
      },
      {
        section: 'national',
        name: national.fresh ? 'generated in this run' : 'generated before, kept',
        value: national.marker.seconds,
        unit: 's',
      },
    );
    return figures;
  } finally {
    await Promise.all(sites.map((s) => s.api.stop()));
    await national.close();
    await small.drop();
  }
}
