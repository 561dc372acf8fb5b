/**
 * Every main screen loads without a console error, an uncaught exception or a failed request, for
 * a visitor, a player and an admin; and the site has the icons and web app manifest a phone needs
 * to add it to the home screen.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  createClub,
  createPlayer,
  e2eStack,
  loginViaApi,
  mainHeading,
  openPage,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';

/** Collects what would show up red in the developer tools. */
function watchForTrouble(page: Page): string[] {
  const trouble: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`exception: ${error.message}`));
  page.on('requestfailed', (request) => {
    // The live stream never finishes: leaving the page is how it ends, and the browser calls that
    // aborted. Anything else aborted, or the stream failing otherwise, is trouble.
    const leftLiveStream =
      new URL(request.url()).pathname === '/api/reservations/stream' &&
      request.failure()?.errorText === 'net::ERR_ABORTED';
    if (leftLiveStream) return;
    trouble.push(`failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.push(`${response.status()}: ${response.url()}`);
  });
  return trouble;
}

/** Opens each path in turn, waits for its heading and lets late requests finish. */
async function visitAll(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    await openPage(page, path);
    await mainHeading(page).first().waitFor({ timeout: UI_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
  }
}

const VISITOR_SCREENS = [
  '/',
  '/login',
  '/register',
  '/register/club',
  '/forgot-password',
  '/impressum',
  '/datenschutz',
];
const PLAYER_SCREENS = ['/reservations', '/bookings', '/players', '/platzordnung', '/profile'];
const ADMIN_SCREENS = ['/admin', '/admin/stand', '/admin/verein', '/admin/mitglieder'];

describe('a clean console on every main screen', () => {
  const browser = useChromium();
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    const created = await createClub();
    admin = created.admin;
    player = await createPlayer(created.club._id);
  });

  it('has none for a logged-out visitor, whose session check is not an error', async () => {
    await browser.freshContext();
    const page = await browser.newPage('phone');
    const trouble = watchForTrouble(page);
    const sessionChecks: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/verifyAuth') sessionChecks.push(response.status());
    });
    await visitAll(page, VISITOR_SCREENS);
    // Each page carries the visitor's session, so none of them asked; where the shell does ask
    // (a page served without it), "nobody is logged in" is a 200 too.
    expect(sessionChecks).toEqual([]);
    expect(await page.evaluate(async () => (await fetch('/api/verifyAuth')).status)).toBe(200);
    expect(trouble).toEqual([]);
  });

  it('has none for a player, whose pages carry the session and the clubs', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    const trouble = watchForTrouble(page);
    const startupQuestions: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/verifyAuth' || pathname === '/api/clubs') startupQuestions.push(pathname);
    });
    await visitAll(page, PLAYER_SCREENS);
    expect(trouble).toEqual([]);
    expect(startupQuestions).toEqual([]);
    // Read once as the shell started, then taken out of the page.
    expect(await page.locator('#platzbuchung-startup').count()).toBe(0);
  });

  it('has none for an admin, on a desktop', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    const trouble = watchForTrouble(page);
    await visitAll(page, [...ADMIN_SCREENS, '/reservations']);
    expect(trouble).toEqual([]);
  });

  it('names a favicon, an apple touch icon and a web app manifest whose icons all load', async () => {
    await browser.freshContext();
    const page = await browser.newPage('phone');
    await openPage(page, '/');
    const link = (rel: string) => page.locator(`link[rel="${rel}"]`).getAttribute('href');
    const base = e2eStack().baseUrl;
    const icon = await fetch(new URL((await link('icon')) ?? '/missing', base));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    const touchIcon = await fetch(new URL((await link('apple-touch-icon')) ?? '/missing', base));
    expect(touchIcon.headers.get('content-type')).toBe('image/png');

    const manifestResponse = await fetch(new URL((await link('manifest')) ?? '/missing', base));
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      short_name: 'Platzbuchung',
      display: 'standalone',
      theme_color: '#1d6a40',
    });
    expect(manifest.name).toMatch(/Platzbuchung/);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.icons.map((entry) => entry.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const entry of manifest.icons) {
      const response = await fetch(new URL(entry.src, base));
      expect(response.status, entry.src).toBe(200);
      expect(response.headers.get('content-type')).toBe(entry.type);
      if (entry.type === 'image/png') {
        // The PNG header's width and height are what the manifest says.
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(entry.sizes);
      }
    }
  });
});
