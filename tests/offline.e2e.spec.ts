/**
 * The phone without network (docs/architecture/offline.md): once the app's service worker runs, a
 * page that cannot be loaded shows the member's own upcoming bookings as last read, with when; the
 * app's hashed files come from the worker's cache; logging out leaves nothing of the member.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateDe } from '@platzbuchung/domain/dates';
import { offlineTexts } from '@platzbuchung/domain/offline-texts';
import {
  createClub,
  createPlayer,
  openPage,
  pageAs,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { waitForGrid } from './support/reservations-grid';

const browser = useChromium({ serviceWorkers: 'allow' });
const tomorrow = clubDay(1);

describe('offline', () => {
  let player: Account;

  beforeAll(async () => {
    const { club } = await createClub({ courts_count: 2, start_hour: 8, end_hour: 20 });
    player = await createPlayer(club._id, { first_name: 'Anke', last_name: 'Huber' });
    const session = await apiSessionOf(player);
    await session.reserve({
      club_id: club._id,
      court_num: '2',
      start_time: 18,
      end_time: 19,
      date: tomorrow,
    });
  });

  it('shows the own bookings as last read when the network is gone, and nothing after logout', async () => {
    const page = await pageAs(browser, player);
    await openPage(page, '/bookings');
    await page.getByText('18-19 Uhr').waitFor({ timeout: UI_TIMEOUT_MS });
    // The worker takes over this page once it is active; the next page load goes through it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await openPage(page, '/reservations');
    await waitForGrid(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const keptFiles = await page.evaluate(
      async () => (await (await caches.open('platzbuchung-files')).keys()).length,
    );
    // The hashed files this load asked for are kept (main.js and the manifests, unhashed, are not).
    expect(keptFiles).toBeGreaterThan(0);

    await browser.context.setOffline(true);
    await page.goto('/reservations');
    const heading = page.getByRole('heading', { name: offlineTexts.title });
    await heading.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(/^Offline – Stand /).textContent()).toMatch(
      /^Offline – Stand \w{2}\., \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/,
    );
    expect(await page.getByRole('listitem').allTextContents()).toEqual([
      `${formatDateDe(tomorrow)}, 18-19 UhrPlatz 2`,
    ]);
    await screenshot(page, 'offline-bookings');

    await browser.context.setOffline(false);
    await openPage(page, '/profile');
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });

    await browser.context.setOffline(true);
    await page.goto('/reservations');
    await heading.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(offlineTexts.noCopy).count()).toBe(1);
    expect(await page.getByRole('listitem').count()).toBe(0);
    await browser.context.setOffline(false);
  });
});
