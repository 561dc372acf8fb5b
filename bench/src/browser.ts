/**
 * Browser: a logged-in first visit of /reservations in Chromium, as `npm start` serves it. Bytes of
 * JavaScript and CSS per origin (on the wire and decoded), and the time until the grid is painted
 * with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), next to the same visit unthrottled:
 * as the browser reports painting it (Element Timing), and until the bench heard of it, each next
 * to a floor page visited the same way.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { localMoment } from '@platzbuchung/domain/dates';
import { createBenchDatabase } from './support/database';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_FLAGS, freeStackPort, startStack } from './support/stack';
import type { Figure } from './support/report';
import { BENCH_PASSWORD, BENCH_TIME_ZONE, seedBusyClub } from './support/seed';
import { median, round } from './support/stats';

/**
 * `BENCH_BROWSER_PROFILES=<folder>` keeps a JavaScript CPU profile of each throttled visit there
 * (open it in Chromium's DevTools), to see which functions the time until the grid is spent in.
 */
const PROFILE_DIR = process.env.BENCH_BROWSER_PROFILES;

/**
 * `BENCH_BROWSER_TRACES=<folder>` keeps a Chrome trace of each throttled visit there (open it in
 * DevTools' Performance panel): the page's tasks with what each did, layout and paint included.
 */
const TRACE_DIR = process.env.BENCH_BROWSER_TRACES;

/** `BENCH_BROWSER_FILES=1` names each script and style sheet of a visit with its bytes on the wire. */
const LIST_FILES = Boolean(process.env.BENCH_BROWSER_FILES);

/**
 * `BENCH_BROWSER_AGAINST=<checkout>` also serves another checkout's build (with its own
 * node_modules) on the same database and visits both in turns, so a change is read against its
 * base measured in the same minutes: on this machine the figures move more between runs than most
 * changes move them.
 */
const AGAINST = process.env.BENCH_BROWSER_AGAINST;

interface Timing {
  /** From `goto` until the bench heard from the page that the grid was painted. */
  ms: number;
  /** When the browser painted the grid's first court heading, from the navigation's start. */
  paintedMs: number;
  /** Blocking time of the page's long tasks until SETTLE_MS after that paint. */
  blockingMs: number;
}

interface Visit extends Timing {
  /** origin → kind → bytes; `gzip` is the decoded file as gzip -9, as the servers send it to a client without Brotli. */
  bytes: Map<string, { kind: string; wire: number; decoded: number; gzip: number }[]>;
  /** The same page opened again in the same context once the first visit settled: the cache warm. */
  repeat?: Timing;
}

const kindOf = (response: Response): 'js' | 'css' | null => {
  const type = response.headers()['content-type'] ?? '';
  if (type.includes('javascript')) return 'js';
  if (type.includes('css')) return 'css';
  return null;
};

/**
 * The machine's floor: a page whose deferred script adds nothing but the grid's first button, visited
 * the same way. What a browser costs here before any of our code runs (a fresh context, the
 * document, the first layout and paint); it has varied severalfold between machines.
 */
const FLOOR_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Boden</title>
<script defer src="/floor.js"></script></head><body></body></html>`;
const FLOOR_SCRIPT = `const table = document.createElement('table');
table.className = 'day-grid';
const court = document.createElement('th');
court.className = 'day-grid__court';
court.textContent = 'Platz 1';
table.insertRow().append(court);
const button = document.createElement('button');
button.textContent = 'frei';
table.insertRow().insertCell().append(button);
document.body.append(table);`;

/** What the page writes to the console when the browser has painted the grid's first heading. */
const PAINTED_MESSAGE = 'bench: grid painted at ';

/**
 * Marks the grid's first court heading for Element Timing as soon as it is in the document, before
 * its first paint, and writes to the console when the browser reports painting it (from the
 * navigation's start). The bench learns of the paint from that message, so nothing of Playwright
 * runs in the page before it: waiting for a button from outside evaluated Playwright's injected
 * script and polled the page, 100-180 ms of a throttled visit's main thread on the way to the grid
 * (bench/README.md, "browser"), and its answer could also wait behind the page's next long task.
 */
const WATCH_GRID_PAINT = `new MutationObserver((_, observer) => {
  const heading = document.querySelector('table.day-grid .day-grid__court');
  if (!heading) return;
  heading.setAttribute('elementtiming', 'grid');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
new PerformanceObserver((list, observer) => {
  const entry = list.getEntries().find((e) => e.identifier === 'grid');
  if (!entry) return;
  observer.disconnect();
  console.debug(${JSON.stringify(PAINTED_MESSAGE)} + entry.renderTime);
}).observe({ type: 'element', buffered: true });
window.__benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const task of list.getEntries()) window.__benchLongTasks.push(task.duration);
}).observe({ type: 'longtask', buffered: true });`;

/** How long the page goes on working after the grid's paint that still counts to the visit. */
const SETTLE_MS = 1500;

/**
 * The main thread's blocking time from the navigation until now, counted as Lighthouse counts
 * its total blocking time: what each task takes beyond 50 ms (here at the bench's real 4×, not
 * simulated). Asked once the figures are taken.
 */
const blockingTime = (page: Page): Promise<number> =>
  page.evaluate(`window.__benchLongTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)`);

/**
 * Opens `url` and waits for the page to report the grid painted: the time from `goto` until the
 * bench heard of it, and the paint's own time from the navigation's start. Then checks from
 * outside, once the figures are taken, that the grid has its buttons.
 */
async function timeUntilGridPainted(page: Page, url: string): Promise<Timing> {
  const painted = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(PAINTED_MESSAGE),
    timeout: 60_000,
  });
  const started = performance.now();
  await page.goto(url);
  const message = await painted;
  const ms = performance.now() - started;
  await page.waitForTimeout(SETTLE_MS);
  await page.locator('table.day-grid button').first().waitFor({ state: 'visible', timeout: 60_000 });
  const blockingMs = await blockingTime(page);
  return { ms, paintedMs: Number(message.text().slice(PAINTED_MESSAGE.length)), blockingMs };
}

async function startFloorServer(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const script = request.url === '/floor.js';
    response.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8' });
    response.end(script ? FLOOR_SCRIPT : FLOOR_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, server };
}

async function visitFloor(browser: Browser, url: string, throttle: number): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
  try {
    await context.addInitScript(WATCH_GRID_PAINT);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    return await timeUntilGridPainted(page, url);
  } finally {
    await context.close();
  }
}

/** One first visit in a fresh context: empty cache, logged in through the API. */
async function visit(
  browser: Browser,
  baseUrl: string,
  email: string,
  throttle: number,
  keepAs?: string,
  repeat = false,
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'de-DE',
    timezoneId: BENCH_TIME_ZONE,
  });
  try {
    await context.addInitScript(WATCH_GRID_PAINT);
    const login = await context.request.post(`${baseUrl}/api/login`, {
      data: { email, password: BENCH_PASSWORD },
    });
    if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const pending: Promise<void>[] = [];
    const bytes: Visit['bytes'] = new Map();
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (!kind) return;
      pending.push(
        (async () => {
          const sizes = await response.request().sizes();
          const body = await response.body();
          const origin = new URL(response.url()).origin;
          const list = bytes.get(origin) ?? [];
          list.push({
            kind,
            wire: sizes.responseBodySize,
            decoded: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          });
          if (LIST_FILES)
            process.stderr.write(`[bench] ${response.url()}: ${sizes.responseBodySize} B on the wire\n`);
          bytes.set(origin, list);
        })(),
      );
    });
    const profileTo = PROFILE_DIR && keepAs && join(PROFILE_DIR, `${keepAs}.cpuprofile`);
    const traceTo = TRACE_DIR && keepAs && join(TRACE_DIR, `${keepAs}.json`);
    if (traceTo) await browser.startTracing(page, { path: traceTo, screenshots: false });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const { ms, paintedMs, blockingMs } = await timeUntilGridPainted(page, `${baseUrl}/reservations`);
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(profileTo, JSON.stringify(profile));
    }
    if (traceTo) await browser.stopTracing();
    await Promise.all(pending);
    page.removeAllListeners('response');
    // The member comes back: a new page in the same context, so only the HTTP cache is warm (not
    // the page's memory), as when a phone opens the bookmark again later.
    const again = repeat ? await context.newPage() : undefined;
    if (again) {
      const againCdp = await context.newCDPSession(again);
      await againCdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await page.close();
    }
    const repeated = again && (await timeUntilGridPainted(again, `${baseUrl}/reservations`));
    return { ms, paintedMs, blockingMs, bytes, repeat: repeated };
  } finally {
    await context.close();
  }
}

function byteFigures(result: Visit, build = ''): Figure[] {
  const figures: Figure[] = [];
  let totalJsWire = 0;
  let totalJsGzip = 0;
  for (const [origin, entries] of result.bytes) {
    for (const kind of ['js', 'css']) {
      const ofKind = entries.filter((e) => e.kind === kind);
      if (!ofKind.length) continue;
      const wire = ofKind.reduce((sum, e) => sum + e.wire, 0);
      const decoded = ofKind.reduce((sum, e) => sum + e.decoded, 0);
      if (kind === 'js') {
        totalJsWire += wire;
        totalJsGzip += ofKind.reduce((sum, e) => sum + e.gzip, 0);
      }
      figures.push({
        section: 'browser',
        name: `${kind.toUpperCase()} from ${origin} (${ofKind.length} files), compressed on the wire${build}`,
        value: round(wire / 1024),
        unit: 'kB',
        baseline: round(decoded / 1024),
        baselineName: 'decoded',
      });
    }
  }
  figures.push(
    {
      section: 'browser',
      name: `JavaScript on the wire (Brotli), all origins${build}`,
      value: round(totalJsWire / 1024),
      unit: 'kB',
    },
    {
      // What a client without Brotli gets: the servers send it gzip -9 (services/api/src/http/static-files.ts).
      section: 'browser',
      name: `JavaScript on the wire as gzip -9, all origins${build}`,
      value: round(totalJsGzip / 1024),
      unit: 'kB',
      baseline: round(totalJsWire / 1024),
      baselineName: 'Brotli',
      target: '≤ 150 kB',
    },
  );
  return figures;
}

/** The throttled and unthrottled visits of one build. */
interface Visits {
  slow: Visit[];
  fast: Visit[];
}

function timingFigures({ slow, fast }: Visits, slowFloor: Timing[], build = ''): Figure[] {
  const floorMs = median(slowFloor.map((v) => v.ms));
  const floorPaintedMs = median(slowFloor.map((v) => v.paintedMs));
  const painted = median(slow.map((v) => v.paintedMs));
  const repeats = slow.flatMap((v) => (v.repeat ? [v.repeat] : []));
  const repeatPainted = repeats.length ? median(repeats.map((v) => v.paintedMs)) : undefined;
  return [
    {
      section: 'browser',
      name: `first visit of /reservations until the page reports the grid painted, CPU 4× slower${build}`,
      value: round(median(slow.map((v) => v.ms)), 0),
      unit: 'ms',
      baseline: round(median(fast.map((v) => v.ms)), 0),
      baselineName: 'CPU unthrottled',
    },
    {
      section: 'browser',
      name: `the same, less the floor: a page with only the grid's first button, CPU 4× slower${build}`,
      value: round(median(slow.map((v) => v.ms)) - floorMs, 0),
      unit: 'ms',
      baseline: round(floorMs, 0),
      baselineName: 'the floor',
    },
    {
      section: 'browser',
      name: `the grid painted (Element Timing, from the navigation), CPU 4× slower${build}`,
      value: round(median(slow.map((v) => v.paintedMs)), 0),
      unit: 'ms',
      baseline: round(median(slowFloor.map((v) => v.paintedMs)), 0),
      baselineName: 'the floor, painted',
    },
    {
      section: 'browser',
      name: `the grid painted less the floor painted, CPU 4× slower${build}`,
      value: round(painted - floorPaintedMs, 0),
      unit: 'ms',
      target: '≤ 800 ms',
    },
    ...(repeatPainted === undefined
      ? []
      : [
          {
            section: 'browser',
            name: `repeat visit (cache warm): the grid painted, CPU 4× slower${build}`,
            value: round(repeatPainted, 0),
            unit: 'ms',
            baseline: round(painted, 0),
            baselineName: 'first visit',
          },
          {
            section: 'browser',
            name: `repeat visit: the grid painted less the floor painted, CPU 4× slower${build}`,
            value: round(repeatPainted - floorPaintedMs, 0),
            unit: 'ms',
            target: '≤ 500 ms',
          },
        ]),
    {
      section: 'browser',
      name: `blocking time (long tasks beyond 50 ms) until ${SETTLE_MS / 1000} s after the grid's paint, CPU 4× slower${build}`,
      value: round(median(slow.map((v) => v.blockingMs)), 0),
      unit: 'ms',
      baseline: round(median(slowFloor.map((v) => v.blockingMs)), 0),
      baselineName: 'the floor',
    },
  ];
}

/**
 * The two builds' visits of one run were made minutes apart at most, so the median of their
 * differences run by run is steadier than the difference of the two medians.
 */
function pairedDifference(build: Visits, against: Visits, key: 'paintedMs' | 'blockingMs'): Figure {
  const differences = build.slow.map((visit, run) => visit[key] - against.slow[run]![key]);
  const what = key === 'paintedMs' ? 'the grid painted' : 'the blocking time';
  return {
    section: 'browser',
    name: `${what}, this build less the build of ${AGAINST}: median of the runs' differences (${differences.map((d) => round(d, 0)).join(', ')})`,
    value: round(median(differences), 0),
    unit: 'ms',
  };
}

export async function measureBrowser(runs: number): Promise<Figure[]> {
  const database = await createBenchDatabase();
  const stacks: Awaited<ReturnType<typeof startStack>>[] = [];
  let browser: Browser | undefined;
  let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    const today = localMoment(new Date(), BENCH_TIME_ZONE).date;
    const club = await seedBusyClub(database.db, { name: 'Bench Browser', historyFactor: 1, today });
    const baseUrls: string[] = [];
    for (const root of AGAINST ? [undefined, AGAINST] : [undefined]) {
      const port = await freeStackPort();
      stacks.push(await startStack(database.url, port, root));
      baseUrls.push(`http://localhost:${port}`);
    }
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_FLAGS,
    });
    for (const folder of [PROFILE_DIR, TRACE_DIR]) if (folder) await mkdir(folder, { recursive: true });
    // Warms the server side (JIT, caches), not the browser.
    for (const baseUrl of baseUrls) await visit(browser, baseUrl, club.adminEmail, 1);
    floor = await startFloorServer();
    const builds: Visits[] = baseUrls.map(() => ({ slow: [], fast: [] }));
    const slowFloor: Timing[] = [];
    for (let run = 0; run < runs; run++) {
      slowFloor.push(await visitFloor(browser, floor.url, 4));
      // With two builds, each goes first in every other run.
      const order = run % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
      for (const index of order) {
        const keepAs = `reservations-${index ? 'against-' : ''}4x-${run + 1}`;
        builds[index]!.slow.push(await visit(browser, baseUrls[index]!, club.adminEmail, 4, keepAs, true));
        builds[index]!.fast.push(await visit(browser, baseUrls[index]!, club.adminEmail, 1));
      }
    }
    return [
      ...timingFigures(builds[0]!, slowFloor),
      ...(builds[1] ? timingFigures(builds[1], slowFloor, `, the build of ${AGAINST}`) : []),
      ...(builds[1]
        ? (['paintedMs', 'blockingMs'] as const).map((key) => pairedDifference(builds[0]!, builds[1]!, key))
        : []),
      ...byteFigures(builds[0]!.slow[0]!),
      ...(builds[1] ? byteFigures(builds[1].slow[0]!, `, the build of ${AGAINST}`) : []),
    ];
  } finally {
    await browser?.close();
    floor?.server.close();
    for (const stack of stacks) await stack.stop();
    await database.drop();
  }
}
