/**
 * Mitglieder as an admin uses it on a phone and a desktop: a compact row per member, found by
 * name or address, sorted, filtered by status (or all), the whole list as a spreadsheet, and the
 * deactivating question in correct German with its button drawn as destructive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import type { Club } from '@platzbuchung/domain/types';
import {
  createClub,
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSession } from './support/admin-api';

describe('Mitglieder', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 4 }));
    for (const [first, last] of [
      ['Steffi', 'Graf'],
      ['Boris', 'Becker'],
      ['Anke', 'Huber'],
      ['Michael', 'Stich'],
      ['Jürgen', 'Müller'],
    ] as const) {
      await createPlayer(club._id, { first_name: first, last_name: last });
    }
    const erika = await createPlayer(club._id, { first_name: 'Erika', last_name: 'Schmidt' });
    const session = await apiSession(erika);
    await session.reserve(club._id, {
      court_num: '1',
      date: addDays(clubNow(club.time_zone).date, 1),
      start_time: 10,
    });
    await session.dispose();
  });

  for (const size of ['phone', 'desktop'] as const) {
    it(`finds, sorts and filters members in compact rows (${size})`, async () => {
      await loginViaApi(browser.context, admin);
      const page = await browser.newPage(size);
      await openPage(page, '/admin/mitglieder');
      const rows = page.locator('.member');
      await rows.first().waitFor({ timeout: UI_TIMEOUT_MS });
      const names = () => page.locator('.member__name').allInnerTexts();

      // Aktiv, by last name.
      expect(await names()).toEqual([
        'Boris Becker',
        'Steffi Graf',
        'Anke Huber',
        'Jürgen Müller',
        'Erika Schmidt',
        'Michael Stich',
        'Greta Vereinsmann (Sie)',
      ]);
      // Compact: a member with two actions takes one line on a desktop, far less than the old card
      // (about 190 px on a phone, 115 px on a desktop).
      await screenshot(page, 'admin-members');
      const height = (await rows.nth(1).boundingBox())!.height;
      expect(height).toBeLessThan(size === 'desktop' ? 60 : 135);

      // Search by part of a name, case and accents aside, or by the address.
      const search = page.getByRole('searchbox', { name: 'Suchen' });
      await search.fill('JURG');
      await expect.poll(names).toEqual(['Jürgen Müller']);
      await page.getByRole('status').filter({ hasText: '1 Mitglied angezeigt' }).waitFor();
      await search.fill('admin-');
      await expect.poll(names).toEqual(['Greta Vereinsmann (Sie)']);
      await search.fill('niemand');
      await page.getByText('Niemand passt zu „niemand“.').waitFor();
      await search.fill('');

      // All statuses, newest first: each row names its status.
      await page.getByRole('button', { name: /^Alle/ }).click();
      await page.getByLabel('Sortieren nach').selectOption('joined');
      await expect.poll(async () => (await names())[0]).toBe('Erika Schmidt');
      expect(await page.locator('.badge--status').count()).toBe(7);

      // The spreadsheet of all members, with the hours of the club's year.
      const year = clubNow(club.time_zone).date.slice(0, 4);
      const link = page.getByRole('link', { name: /^Alle als Tabelle herunterladen/ });
      expect(await link.getAttribute('href')).toBe(
        `/api/admin/export/members.csv?club_id=${club._id}&from=${year}-01-01&to=${year}-12-31`,
      );
      const csv = await page.request.get(new URL((await link.getAttribute('href'))!, page.url()).href);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain('Schmidt');

      // Deactivating a member with one booking: singular German, a destructive button.
      await page.getByRole('button', { name: 'Deaktivieren: Erika Schmidt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mitglied deaktivieren' });
      await dialog.waitFor();
      expect(await dialog.locator('.confirm-dialog__question').innerText()).toBe(
        'Erika Schmidt deaktivieren? Erika hat 1 anstehende Reservierung; sie bleibt bestehen, Sie können sie danach stornieren.',
      );
      const confirm = dialog.getByRole('button', { name: 'Deaktivieren' });
      expect(await confirm.getAttribute('class')).toContain('button--danger');
      await expectAccessible(page, `admin-members-dialog-${size}`);
      await screenshot(page, 'admin-members-dialog');
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expectAccessible(page, `admin-members-${size}`);
    });
  }
});
