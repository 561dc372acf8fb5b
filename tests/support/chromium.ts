/**
 * Real Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by playwright-core,
 * with the flags that work on CI machines (STACK.md) and a fresh, empty profile every launch.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { e2eStack } from './stack';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Phones first: most players book from one. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;

export interface ChromiumSession {
  context: BrowserContext;
  newPage(viewport?: ViewportName): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  baseURL?: string;
  /** The browser's language; German unless a test proves the app does not depend on it. */
  locale?: string;
  /**
   * Whether the app's service worker may run. Blocked unless a test is about it: a worker answers
   * requests itself, out of `page.route`'s reach and outside a test's count of what the page asked.
   */
  serviceWorkers?: 'allow' | 'block';
  /** Whether pages run scripts: `off` shows what a page is from its HTML alone. */
  javaScript?: 'on' | 'off';
}

export async function launchChromium(options: LaunchOptions = {}): Promise<ChromiumSession> {
  const locale = options.locale ?? 'de-DE';
  // A persistent context is the only way Playwright takes a user-data-dir; a new temp folder keeps it empty.
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'platzbuchung-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--lang=${locale}`],
    locale,
    timezoneId: 'Europe/Berlin',
    viewport: VIEWPORTS.phone,
    serviceWorkers: options.serviceWorkers ?? 'block',
    javaScriptEnabled: options.javaScript !== 'off',
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
  });
  return {
    context,
    async newPage(viewport = 'phone') {
      const page = await context.newPage();
      await page.setViewportSize(VIEWPORTS[viewport]);
      return page;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Screenshots are kept as artifacts (git-ignored) for people to look at, not compared pixel by pixel:
 * `artifacts/screenshots/<name>-<width>x<height>.png`, the whole page.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const size = page.viewportSize() ?? VIEWPORTS.phone;
  const file = path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  return file;
}

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../artifacts/screenshots/', import.meta.url));

/**
 * One Chromium per test file, launched in beforeAll and closed in afterAll:
 *
 *   const browser = useChromium();
 *   it('…', async () => { const page = await browser.newPage('desktop'); … });
 *
 * Pages share the context (and its cookies); `browser.freshContext()` clears cookies and storage
 * between tests that need a logged-out start.
 */
export interface ChromiumHandle {
  newPage(viewport?: ViewportName): Promise<Page>;
  readonly context: BrowserContext;
  freshContext(): Promise<void>;
}

export function useChromium(
  options: Pick<LaunchOptions, 'locale' | 'serviceWorkers' | 'javaScript'> = {},
): ChromiumHandle {
  let session: ChromiumSession | undefined;
  beforeAll(async () => {
    session = await launchChromium({ ...options, baseURL: e2eStack().baseUrl });
  });
  afterAll(async () => {
    await session?.close();
  });
  const current = () => {
    if (!session) throw new Error('useChromium(): the browser starts in beforeAll');
    return session;
  };
  return {
    newPage: (viewport) => current().newPage(viewport),
    get context() {
      return current().context;
    },
    async freshContext() {
      const { context } = current();
      for (const page of context.pages()) await page.close();
      await context.clearCookies();
    },
  };
}
