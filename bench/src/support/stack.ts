/**
 * The product as `npm start` serves it, for the benchmarks that look at it through a browser.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether nothing listens on `port`, on any address (as the API binds). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => server.close(() => resolve(true)));
  });
}

/** A port the system has free now, for one API process. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A base port that is free with the next three: the stack takes four (the API and the remotes). */
export async function freeStackPort(): Promise<number> {
  for (;;) {
    const base = 42000 + Math.floor(Math.random() * 1000) * 4;
    const free = await Promise.all([0, 1, 2, 3].map((offset) => isFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The browser's own interface, which headless Chromium (156) builds for every new context: it
 * preloads the address bar's popup, a WebUI page in a renderer of its own, about a second of CPU
 * on a 2-core machine, competing with the page under test. No visitor's phone pays that per visit
 * (bench/README.md, "browser").
 */
const BROWSER_UI_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/**
 * Chromium reads only the last `--disable-features`, and both launchers pass a list of their own
 * first: this merges ours into the launcher's list instead of replacing it.
 */
export function withBrowserUiOff(flags: readonly string[]): string[] {
  // BENCH_BROWSER_UI=on measures as before 2026-11-25, to compare with older figures.
  if (process.env.BENCH_BROWSER_UI === 'on') return [...flags];
  const prefix = '--disable-features=';
  const own = flags
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(','));
  const merged = `${prefix}${[...new Set([...own, ...BROWSER_UI_FEATURES])].filter(Boolean).join(',')}`;
  return [...flags.filter((flag) => !flag.startsWith(prefix)), merged];
}

/**
 * Playwright's own list (playwright-core's `chromiumSwitches`, 1.65), which our list would
 * otherwise replace: it keeps HTTP on HTTP and the first paint unheld, among others.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/** As the e2e tests start it: headless, and quiet on a machine without outside network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The flags for a browser Playwright launches. */
export const PLAYWRIGHT_CHROMIUM_FLAGS = withBrowserUiOff([
  ...CHROMIUM_FLAGS,
  `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
]);

/**
 * The whole product as `npm start` runs it, on four ports from `port` on, against `databaseUrl`;
 * from this checkout, or from `root` (another checkout with its own node_modules, to compare builds).
 */
export async function startStack(databaseUrl: string, port: number, root = REPO_ROOT) {
  const mailDir = await mkdtemp(path.join(tmpdir(), 'pb-bench-mail-'));
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      AUTH_REMOTE_PORT: String(port + 1),
      RESERVATIONS_REMOTE_PORT: String(port + 2),
      ADMIN_REMOTE_PORT: String(port + 3),
      MAIL_DIR: mailDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // A bench that ends without stopping the stack (an error, a closed pipe) must not leave
  // the API, the remotes and their database connections running: start.mjs stops them on SIGTERM.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Platzbuchung läuft')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
  return {
    stop: async () => {
      process.off('exit', stopOnExit);
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}
