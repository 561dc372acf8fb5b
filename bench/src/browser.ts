/**
 * Browser: a logged-in first visit of /reservations in Chromium, as `npm start` serves it. Bytes of
 * JavaScript and CSS per origin (on the wire and decoded), and the time until the grid is visible
 * with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate), next to the same visit unthrottled:
 * as a check from outside sees it, and as the browser reports painting it (Element Timing), each
 * next to a floor page visited the same way.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
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

/** `BENCH_BROWSER_FILES=1` names each script and style sheet of a visit with its bytes on the wire. */
const LIST_FILES = Boolean(process.env.BENCH_BROWSER_FILES);

interface Timing {
  /** From `goto` until a check from outside saw the grid's first button visible. */
  ms: number;
  /** When the browser painted the grid's first court heading, from the navigation's start. */
  paintedMs: number;
}

interface Visit extends Timing {
  /** origin → kind → bytes */
  bytes: Map<string, { kind: string; wire: number; decoded: number }[]>;
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

/**
 * Marks the grid's first court heading for Element Timing as soon as it is in the document, before
 * its first paint: the browser then reports when it painted it, from the navigation's start. Waiting
 * for a button from outside cannot tell that: the answer of a check made right after the paint can
 * wait behind the page's next long task.
 */
const WATCH_GRID_PAINT = `new MutationObserver((_, observer) => {
  const heading = document.querySelector('table.day-grid .day-grid__court');
  if (!heading) return;
  heading.setAttribute('elementtiming', 'grid');
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });`;

/** When the marked heading was painted, in ms from the navigation's start. */
const GRID_PAINTED_AT = `new Promise((resolve, reject) => {
  new PerformanceObserver((list, observer) => {
    const entry = list.getEntries().find((e) => e.identifier === 'grid');
    if (!entry) return;
    observer.disconnect();
    resolve(entry.renderTime);
  }).observe({ type: 'element', buffered: true });
  setTimeout(() => reject(new Error('no paint of the grid reported')), 10000);
})`;

const gridPaintedAt = (page: Page): Promise<number> => page.evaluate<number>(GRID_PAINTED_AT);

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
    const started = performance.now();
    await page.goto(url);
    await page.locator('table.day-grid button').first().waitFor({ state: 'visible', timeout: 60_000 });
    return { ms: performance.now() - started, paintedMs: await gridPaintedAt(page) };
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
  profileTo?: string,
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
          const decoded = (await response.body()).length;
          const origin = new URL(response.url()).origin;
          const list = bytes.get(origin) ?? [];
          list.push({ kind, wire: sizes.responseBodySize, decoded });
          if (LIST_FILES)
            process.stderr.write(`[bench] ${response.url()}: ${sizes.responseBodySize} B on the wire\n`);
          bytes.set(origin, list);
        })(),
      );
    });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const started = performance.now();
    await page.goto(`${baseUrl}/reservations`);
    await page.locator('table.day-grid button').first().waitFor({ state: 'visible', timeout: 60_000 });
    const ms = performance.now() - started;
    const paintedMs = await gridPaintedAt(page);
    if (profileTo) {
      // A second more: what the page still does right after the grid shows belongs to the visit.
      await page.waitForTimeout(1000);
      const { profile } = await cdp.send('Profiler.stop');
      await writeFile(profileTo, JSON.stringify(profile));
    }
    await Promise.all(pending);
    return { ms, paintedMs, bytes };
  } finally {
    await context.close();
  }
}

function byteFigures(result: Visit): Figure[] {
  const figures: Figure[] = [];
  let totalJsWire = 0;
  for (const [origin, entries] of result.bytes) {
    for (const kind of ['js', 'css']) {
      const ofKind = entries.filter((e) => e.kind === kind);
      if (!ofKind.length) continue;
      const wire = ofKind.reduce((sum, e) => sum + e.wire, 0);
      const decoded = ofKind.reduce((sum, e) => sum + e.decoded, 0);
      if (kind === 'js') totalJsWire += wire;
      figures.push({
        section: 'browser',
        name: `${kind.toUpperCase()} from ${origin} (${ofKind.length} files), gzip on the wire`,
        value: round(wire / 1024),
        unit: 'kB',
        baseline: round(decoded / 1024),
        baselineName: 'decoded',
      });
    }
  }
  figures.push({
    section: 'browser',
    name: 'JavaScript on the wire, all origins',
    value: round(totalJsWire / 1024),
    unit: 'kB',
    target: '≤ 130 kB',
  });
  return figures;
}

export async function measureBrowser(runs: number): Promise<Figure[]> {
  const database = await createBenchDatabase();
  const port = await freeStackPort();
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  let browser: Browser | undefined;
  let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    const today = localMoment(new Date(), BENCH_TIME_ZONE).date;
    const club = await seedBusyClub(database.db, { name: 'Bench Browser', historyFactor: 1, today });
    stack = await startStack(database.url, port);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_FLAGS,
    });
    const baseUrl = `http://localhost:${port}`;
    if (PROFILE_DIR) await mkdir(PROFILE_DIR, { recursive: true });
    await visit(browser, baseUrl, club.adminEmail, 1); // warms the server side (JIT, caches), not the browser
    floor = await startFloorServer();
    const slow: Visit[] = [];
    const fast: Visit[] = [];
    const slowFloor: Timing[] = [];
    for (let run = 0; run < runs; run++) {
      slowFloor.push(await visitFloor(browser, floor.url, 4));
      const profileTo = PROFILE_DIR && join(PROFILE_DIR, `reservations-4x-${run + 1}.cpuprofile`);
      slow.push(await visit(browser, baseUrl, club.adminEmail, 4, profileTo));
      fast.push(await visit(browser, baseUrl, club.adminEmail, 1));
    }
    return [
      {
        section: 'browser',
        name: 'first visit of /reservations until the grid is visible, CPU 4× slower',
        value: round(median(slow.map((v) => v.ms)), 0),
        unit: 'ms',
        baseline: round(median(fast.map((v) => v.ms)), 0),
        baselineName: 'CPU unthrottled',
      },
      {
        section: 'browser',
        name: "the same, less the floor: a page with only the grid's first button, CPU 4× slower",
        value: round(median(slow.map((v) => v.ms)) - median(slowFloor.map((v) => v.ms)), 0),
        unit: 'ms',
        baseline: round(median(slowFloor.map((v) => v.ms)), 0),
        baselineName: 'the floor',
      },
      {
        section: 'browser',
        name: 'the grid painted (Element Timing, from the navigation), CPU 4× slower',
        value: round(median(slow.map((v) => v.paintedMs)), 0),
        unit: 'ms',
        baseline: round(median(slowFloor.map((v) => v.paintedMs)), 0),
        baselineName: 'the floor, painted',
        target: '≤ 1000 ms',
      },
      ...byteFigures(slow[0]!),
    ];
  } finally {
    await browser?.close();
    floor?.server.close();
    await stack?.stop();
    await database.drop();
  }
}
