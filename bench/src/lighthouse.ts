/**
 * Lighthouse (mobile preset, simulated throttling) on `/` logged out and on `/reservations`
 * logged in, as `npm start` serves them, in Debian's Chromium: performance, total blocking time,
 * first and largest contentful paint, requests, best practices and accessibility. Medians of the
 * runs. `BENCH_LIGHTHOUSE_AGAINST=<checkout>` also serves another checkout's build (with its own
 * node_modules) on the same database and audits both in turns, so a change is read against its
 * build before in one run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { localMoment } from '@platzbuchung/domain/dates';
import { createBenchDatabase } from './support/database';
import type { Figure } from './support/report';
import { BENCH_PASSWORD, BENCH_TIME_ZONE, seedBusyClub } from './support/seed';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, freeStackPort, startStack, withBrowserUiOff } from './support/stack';
import { median, round } from './support/stats';

const AGAINST = process.env.BENCH_LIGHTHOUSE_AGAINST;

interface Audit {
  performance: number;
  bestPractices: number;
  accessibility: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  requests: number;
}

/** The session cookies of a login through the API, as one Cookie header. */
async function sessionCookie(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function audit(port: number, url: string, cookie?: string): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  await keepReport(url, result.lhr);
  const { categories, audits } = result.lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const requests = audits['network-requests']?.details as { items?: unknown[] } | undefined;
  return {
    performance: score('performance'),
    bestPractices: score('best-practices'),
    accessibility: score('accessibility'),
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    requests: requests?.items?.length ?? NaN,
  };
}

/**
 * `BENCH_LIGHTHOUSE_REPORTS=<folder>` keeps each run's whole report there (open it in the
 * Lighthouse viewer), to see which requests and tasks a figure is made of.
 */
async function keepReport(url: string, report: object): Promise<void> {
  const folder = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
  await writeFile(path.join(folder, `${name}-${Date.now()}.json`), JSON.stringify(report));
}

function figures(page: string, audits: Audit[]): Figure[] {
  // A run whose trace Lighthouse could not read (NO_NAVSTART) has no timings: the others count.
  const mid = (pick: (a: Audit) => number) => median(audits.map(pick).filter(Number.isFinite));
  const section = 'lighthouse';
  return [
    { section, name: `${page}: performance`, value: mid((a) => a.performance), unit: '', target: '≥ 98' },
    {
      section,
      name: `${page}: total blocking time`,
      value: round(
        mid((a) => a.tbtMs),
        0,
      ),
      unit: 'ms',
      target: '≤ 100 ms',
    },
    {
      section,
      name: `${page}: first contentful paint`,
      value: round(
        mid((a) => a.fcpMs),
        0,
      ),
      unit: 'ms',
    },
    {
      section,
      name: `${page}: largest contentful paint`,
      value: round(
        mid((a) => a.lcpMs),
        0,
      ),
      unit: 'ms',
    },
    { section, name: `${page}: requests`, value: mid((a) => a.requests), unit: '' },
    { section, name: `${page}: best practices`, value: mid((a) => a.bestPractices), unit: '', target: '100' },
    { section, name: `${page}: accessibility`, value: mid((a) => a.accessibility), unit: '', target: '100' },
  ];
}

export async function measureLighthouse(runs: number): Promise<Figure[]> {
  const database = await createBenchDatabase();
  const stacks: Awaited<ReturnType<typeof startStack>>[] = [];
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const today = localMoment(new Date(), BENCH_TIME_ZONE).date;
    const club = await seedBusyClub(database.db, { name: 'Bench Lighthouse', historyFactor: 1, today });
    const baseUrls: string[] = [];
    for (const root of AGAINST ? [undefined, AGAINST] : [undefined]) {
      const port = await freeStackPort();
      stacks.push(await startStack(database.url, port, root));
      baseUrls.push(`http://localhost:${port}`);
    }
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: withBrowserUiOff([...chromeLauncher.Launcher.defaultFlags(), ...CHROMIUM_FLAGS]),
      ignoreDefaultFlags: true,
    });
    const builds = baseUrls.map(() => ({ landing: [] as Audit[], grid: [] as Audit[] }));
    for (let run = 0; run < runs; run++) {
      // With two builds, each goes first in every other run.
      const order = run % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const index of order) {
        const baseUrl = baseUrls[index]!;
        builds[index]!.landing.push(await audit(chrome.port, `${baseUrl}/`));
        builds[index]!.grid.push(
          await audit(chrome.port, `${baseUrl}/reservations`, await sessionCookie(baseUrl, club.adminEmail)),
        );
      }
    }
    return builds.flatMap(({ landing, grid }, index) => {
      const of = index ? `, the build of ${AGAINST}` : '';
      return [...figures(`/ (logged out)${of}`, landing), ...figures(`/reservations (logged in)${of}`, grid)];
    });
  } finally {
    chrome?.kill();
    for (const stack of stacks) await stack.stop();
    await database.drop();
  }
}
