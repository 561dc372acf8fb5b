/**
 * Real Chromium for the end-to-end tests: Debian's /usr/bin/chromium driven by playwright-core,
 * with the flags that work on CI machines (STACK.md) and a fresh, empty profile every launch.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

export async function launchChromium(options: { baseURL?: string } = {}): Promise<ChromiumSession> {
  // A persistent context is the only way Playwright takes a user-data-dir; a new temp folder keeps it empty.
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'platzbuchung-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    viewport: VIEWPORTS.phone,
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

/** Screenshots are kept as artifacts (git-ignored) for people to look at, not compared pixel by pixel. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(process.cwd(), 'artifacts', 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
