/**
 * `npm run bench [-- reads|writes|rush|growth|rebuild|browser|lighthouse|live|stats|export|phones|national|all]`:
 * prints a markdown table and writes bench/results/<part>.json. Every figure is the median of several runs
 * next to a baseline measured in the same run. Environment: BENCH_RUNS (3), BENCH_SECONDS (5),
 * BENCH_GROWTH ("1,10,100"), BENCH_RUSH ("300,1000").
 * `live` takes flags: `--streams 1000 --rate 200 --seconds 20 --clubs 50`.
 */
import { localMoment } from '@platzbuchung/domain/dates';
import { measureAccountExport } from './account-export';
import { measureReads } from './reads';
import { liveOptions, measureLive } from './live';
import { measureRebuild } from './rebuild';
import { measureNational } from './national';
import { measurePhones, type PhonesApi } from './phones';
import { measureRush } from './rush';
import { measureStats, measureStatsRebuild } from './stats';
import { login, startApiProcess } from './support/api-process';
import { createBenchDatabase, type BenchDatabase } from './support/database';
import { freePort } from './support/stack';
import { markdown, writeResults, type Figure } from './support/report';
import { BENCH_PASSWORD, BENCH_TIME_ZONE, seedBusyClub } from './support/seed';
import { measureWrites } from './writes';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const growthFactors = (process.env.BENCH_GROWTH ?? '1,10,100').split(',').map(Number);
const today = localMoment(new Date(), BENCH_TIME_ZONE).date;

async function withDatabase<T>(work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase();
  try {
    return await work(database);
  } finally {
    await database.drop();
  }
}

function log(line: string) {
  process.stderr.write(`[bench] ${line}\n`);
}

async function reads(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    log('seeding a busy club (two years of history)…');
    const club = await seedBusyClub(database.db, { name: 'Bench Lesen', historyFactor: 1, today });
    log(`${club.events} events; starting the API`);
    const api = await startApiProcess(database.url, await freePort());
    try {
      const cookie = await login(api.url, club.adminEmail, BENCH_PASSWORD);
      const figures = await measureReads(
        { api, clubId: club.clubId, cookie, today },
        { section: 'reads', runs, seconds },
      );
      figures.push({ section: 'reads', name: 'events in the club', value: club.events, unit: '' });
      return figures;
    } finally {
      await api.stop();
    }
  });
}

async function growth(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    const clubs = [];
    for (const factor of growthFactors) {
      log(`seeding a club with ${factor}× the history…`);
      clubs.push({
        factor,
        ...(await seedBusyClub(database.db, { name: `Bench ${factor}x`, historyFactor: factor, today })),
      });
    }
    await database.db.raw('ANALYZE');
    const api = await startApiProcess(database.url, await freePort());
    try {
      const figures: Figure[] = [];
      let first: Figure | undefined;
      for (const club of clubs) {
        const cookie = await login(api.url, club.adminEmail, BENCH_PASSWORD);
        const measured = await measureReads(
          { api, clubId: club.clubId, cookie, today },
          { section: `growth ${club.factor}×`, runs, seconds, connections: [10] },
        );
        const rps = measured.find((f) => f.name.endsWith('requests/s'))!;
        const p99 = measured.find((f) => f.name.endsWith('p99'))!;
        first ??= rps;
        figures.push(
          {
            section: 'growth',
            name: `${club.factor}× history (${club.events} events): requests/s at 10 conn`,
            value: rps.value,
            unit: 'req/s',
            baseline: first.value,
            baselineName: '1× history',
            target: 'flat',
          },
          {
            section: 'growth',
            name: `${club.factor}× history: p99 at 10 conn`,
            value: p99.value,
            unit: 'ms',
          },
        );
      }
      return figures;
    } finally {
      await api.stop();
    }
  });
}

async function writes(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    const api = await startApiProcess(database.url, await freePort());
    const second = await startApiProcess(database.url, await freePort());
    try {
      const { password_hash } = await seedHash(database);
      return await measureWrites(api, database, today, password_hash, runs, second);
    } finally {
      await Promise.all([api.stop(), second.stop()]);
    }
  });
}

/** BENCH_RUSH ("300,1000"): how many members of one club book at the same instant. */
const rushMembers = (process.env.BENCH_RUSH ?? '300,1000').split(',').map(Number);

async function rush(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    const api = await startApiProcess(database.url, await freePort());
    try {
      const { password_hash } = await seedHash(database);
      return await measureRush(api, database.db, today, password_hash, { members: rushMembers, runs });
    } finally {
      await api.stop();
    }
  });
}

/** The bench password's hash, taken from a seeded user so it is written in one place only. */
async function seedHash(database: BenchDatabase): Promise<{ password_hash: string }> {
  const club = await seedBusyClub(database.db, { name: 'Bench Hash', historyFactor: 0.01, today });
  return database.db('users').where({ id: club.adminId }).first('password_hash');
}

async function rebuild(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    log('seeding 1,000,000 events…');
    // 17.2 × two years of 80 bookings a day, plus series and cancellations, is just over 1,000,000 events.
    await seedBusyClub(database.db, { name: 'Bench Rebuild', historyFactor: 17.2, today });
    // As autovacuum would have by now: without statistics the planner may read a range of streams
    // through the stream index and sort, instead of in position order.
    await database.db.raw('VACUUM ANALYZE');
    return measureRebuild(database.db, runs);
  });
}

async function live(): Promise<Figure[]> {
  const options = liveOptions(process.argv.slice(3));
  return withDatabase(async (database) => {
    const apis = [
      await startApiProcess(database.url, await freePort()),
      await startApiProcess(database.url, await freePort()),
    ] as const;
    try {
      return await measureLive(apis, database.db, today, options, log);
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
    }
  });
}

async function stats(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    log('seeding a busy club (two years of history) for its numbers…');
    const club = await seedBusyClub(database.db, { name: 'Bench Zahlen', historyFactor: 1, today });
    await database.db.raw('VACUUM ANALYZE');
    // The seed writes the log and the bookings table only; the numbers come from a rebuild.
    const figures = await measureStatsRebuild(database.db, runs);
    await database.db.raw('VACUUM ANALYZE');
    const api = await startApiProcess(database.url, await freePort());
    try {
      const cookie = await login(api.url, club.adminEmail, BENCH_PASSWORD);
      figures.push(...(await measureStats({ api, clubId: club.clubId, cookie, today }, runs)));
      figures.push({ section: 'stats', name: 'events in the club', value: club.events, unit: '' });
      return figures;
    } finally {
      await api.stop();
    }
  });
}

async function exports(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    log('seeding a busy club (two years of history) for its members’ exports…');
    const club = await seedBusyClub(database.db, { name: 'Bench Meine Daten', historyFactor: 1, today });
    await database.db.raw('VACUUM ANALYZE');
    const api = await startApiProcess(database.url, await freePort());
    try {
      const figures = await measureAccountExport(
        { api, db: database.db, clubId: club.clubId, adminEmail: club.adminEmail },
        runs,
      );
      figures.push({ section: 'export', name: 'events in the club', value: club.events, unit: '' });
      return figures;
    } finally {
      await api.stop();
    }
  });
}

async function browser(): Promise<Figure[]> {
  const { measureBrowser } = await import('./browser');
  return measureBrowser(runs >= 5 ? runs : 5);
}

async function lighthouse(): Promise<Figure[]> {
  const { measureLighthouse } = await import('./lighthouse');
  return measureLighthouse(runs);
}

/** Rushes on a new connection per member (./phones); the API splits where its time goes. */
async function phones(): Promise<Figure[]> {
  return withDatabase(async (database) => {
    const apis: PhonesApi[] = [
      {
        label: 'as configured',
        api: await startApiProcess(database.url, await freePort(), { BENCH_TIMINGS: '1' }),
      },
    ];
    try {
      // BENCH_PHONES_AGAINST="LISTEN_BACKLOG=4096": a second process with that environment takes turns.
      const against = process.env.BENCH_PHONES_AGAINST;
      if (against) {
        const env = Object.fromEntries(against.split(/\s+/).map((pair) => pair.split(/=(.*)/s, 2)));
        apis.push({
          label: against,
          api: await startApiProcess(database.url, await freePort(), { ...env, BENCH_TIMINGS: '1' }),
        });
      }
      const { password_hash } = await seedHash(database);
      return await measurePhones(apis, database.db, today, password_hash, runs, log);
    } finally {
      await Promise.all(apis.map(({ api }) => api.stop()));
    }
  });
}

/** Not in `all`: it generates (once) and keeps a database of ten million events. */
async function national(): Promise<Figure[]> {
  return measureNational(runs, seconds, log);
}

/** Base backup and restore to a moment at the national size, on a server of its own. */
async function restore(): Promise<Figure[]> {
  const { measureRestore } = await import('./restore');
  return measureRestore(today, log);
}

const parts: Record<string, () => Promise<Figure[]>> = {
  reads,
  growth,
  writes,
  rush,
  rebuild,
  browser,
  lighthouse,
  live,
  stats,
  export: exports,
  phones,
  national,
  restore,
};

/** Parts a full run leaves out (asked for by name). */
const ON_REQUEST = new Set(['national', 'restore']);

async function main() {
  const requested = process.argv[2]?.startsWith('--') ? 'all' : (process.argv[2] ?? 'all');
  const names = requested === 'all' ? Object.keys(parts).filter((p) => !ON_REQUEST.has(p)) : [requested];
  const all: Figure[] = [];
  for (const name of names) {
    const part = parts[name];
    if (!part) throw new Error(`unknown part "${name}"; one of ${Object.keys(parts).join(', ')}, all`);
    log(`${name}…`);
    const figures = await part();
    writeResults(name, figures, { runs, seconds, today });
    all.push(...figures);
  }
  console.log(
    `\nPlatzbuchung benchmarks, ${new Date().toISOString().slice(0, 10)} (median of ${runs} runs of ${seconds} s)\n`,
  );
  console.log(markdown(all));
  if (requested === 'all') writeResults('all', all, { runs, seconds, today });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
