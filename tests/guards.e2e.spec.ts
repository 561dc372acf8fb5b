/**
 * Every route guard in a real browser: where logged-out users, players and admins end up
 * when they open each route, the always-reachable Impressum and 'Not found' for unknown paths.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  createPlayer,
  loginViaApi,
  mainHeading,
  openPage,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import type { Page } from 'playwright-core';

const browser = useChromium();
let admin: Account;
let player: Account;

beforeAll(async () => {
  const created = await createClub();
  admin = created.admin;
  player = await createPlayer(created.club._id);
});

/** Opens `from` and waits until the guard has settled on `to` (client-side redirects replace the URL). */
async function expectLandsOn(page: Page, from: string, to: string): Promise<void> {
  await openPage(page, from);
  await page.waitForURL((url) => url.pathname === to, { timeout: UI_TIMEOUT_MS });
  expect(new URL(page.url()).pathname).toBe(to);
}

async function expectImpressum(page: Page): Promise<void> {
  await openPage(page, '/impressum');
  await mainHeading(page).getByText('Impressum', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(new URL(page.url()).pathname).toBe('/impressum');
  const back = page.getByRole('link', { name: 'Zurück' });
  expect(await back.getAttribute('href')).toBe('/profile');
}

async function expectNotFound(page: Page, path: string): Promise<void> {
  await openPage(page, path);
  await mainHeading(page).getByText(texts.notFound, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
  expect(new URL(page.url()).pathname).toBe(path);
}

const UNKNOWN_PATHS = ['/gibt-es-nicht', '/verein/platz/3'];

describe('logged out', () => {
  let page: Page;
  beforeAll(async () => {
    await browser.freshContext();
    page = await browser.newPage();
  });

  it.each(['/reservations', '/profile', '/bookings', '/admin'])('is sent from %s to /', async (path) => {
    await expectLandsOn(page, path, '/');
    await page.getByRole('link', { name: texts.submitLogin }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  it.each(['/', '/register', '/register/club', '/login', '/forgot-password', '/reset-password'])(
    'may open %s',
    async (path) => {
      await expectLandsOn(page, path, path);
      await mainHeading(page).waitFor({ timeout: UI_TIMEOUT_MS });
    },
  );

  it('reaches /impressum, whose Back link points to /profile', async () => {
    await expectImpressum(page);
  });

  it.each(UNKNOWN_PATHS)('sees Not found on %s', async (path) => {
    await expectNotFound(page, path);
  });
});

describe('logged in as a player', () => {
  let page: Page;
  beforeAll(async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    page = await browser.newPage();
  });

  it.each(['/', '/register', '/register/club', '/login', '/forgot-password'])(
    'is sent from %s to /reservations',
    async (path) => {
      await expectLandsOn(page, path, '/reservations');
    },
  );

  it('is sent from /admin to /reservations', async () => {
    await expectLandsOn(page, '/admin', '/reservations');
  });

  it.each(['/reservations', '/bookings', '/profile'])('may open %s', async (path) => {
    await expectLandsOn(page, path, path);
  });

  it('reaches /impressum and its Back link leads to /profile', async () => {
    await expectImpressum(page);
    await page.getByRole('link', { name: 'Zurück' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('button', { name: texts.logout }).waitFor({ timeout: UI_TIMEOUT_MS });
  });

  it.each(UNKNOWN_PATHS)('sees Not found on %s', async (path) => {
    await expectNotFound(page, path);
  });
});

describe('logged in as an admin', () => {
  it('may open /admin', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage();
    await expectLandsOn(page, '/admin', '/admin');
    await page.getByRole('link', { name: 'Verwaltung' }).waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
