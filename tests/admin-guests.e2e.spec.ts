/**
 * The treasurer's "Gäste" in the admin area and the co-player switch in the account panel, in
 * Chromium on a phone and a desktop: the list of a range, the sums per member, the CSV link, the
 * event log's download link, and the switch saved from the panel.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import { guestsTexts } from '@platzbuchung/domain/exports/texts';
import * as texts from '@platzbuchung/domain/texts';
import { apiSession } from './support/admin-api';
import {
  createClub,
  e2eStack,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  useChromium,
} from './support';

describe('Gäste and the co-player switch', () => {
  const browser = useChromium();

  it('an admin reads the guests of a range with the sums, and downloads them', async () => {
    const { club, admin } = await createClub({ admin: { first_name: 'Jürgen', last_name: 'Müller' } });
    const session = await apiSession(admin);
    const tomorrow = addDays(clubNow(club.time_zone).date, 1);
    const booking = await session.reserve(club._id, {
      court_num: '2',
      date: tomorrow,
      start_time: 18,
      end_time: 20,
    });
    await session.dispose();
    const db = new pg.Client({ connectionString: e2eStack().databaseUrl });
    await db.connect();
    try {
      // What the booking's command and the reservations projection keep for a named guest.
      for (const [ordinal, name] of ['Zoë Weiß', 'Björn Öztürk'].entries()) {
        const guestId = randomUUID();
        await db.query(
          'INSERT INTO reservation_guests (guest_id, club_id, reservation_id, name) VALUES ($1, $2, $3, $4)',
          [guestId, club._id, booking, name],
        );
        await db.query(
          'INSERT INTO reservation_players (reservation_id, club_id, ordinal, guest_id, fee_cents) VALUES ($1, $2, $3, $4, 500)',
          [booking, club._id, ordinal, guestId],
        );
      }
    } finally {
      await db.end();
    }

    await loginViaApi(browser.context, admin);
    for (const viewport of ['phone', 'desktop'] as const) {
      const page = await browser.newPage(viewport);
      await openPage(page, `/admin/gaeste?from=${tomorrow}&to=${addDays(tomorrow, 6)}`);
      await page.getByRole('heading', { name: guestsTexts.title }).waitFor();
      const table = page.getByRole('table', { name: guestsTexts.listCaption });
      await expect.poll(() => table.getByRole('row').count()).toBe(3);
      expect(await table.innerText()).toContain('Zoë Weiß');
      // Tomorrow's hours are counted, and said to be not yet played.
      expect(await table.getByText(guestsTexts.notYetPlayed).count()).toBe(2);
      await page.getByText(`${guestsTexts.upcomingTotal('20,00')}`).waitFor();
      const totals = page.getByRole('table', { name: guestsTexts.totalsCaption });
      expect(await totals.innerText()).toMatch(/Jürgen Müller\s+4\s+20,00 €\s+20,00 €/);
      expect(await totals.locator('tfoot').innerText()).toMatch(/^Summe\s+4\s+20,00 €\s+20,00 €$/);
      const csv = page.getByRole('link', { name: guestsTexts.download });
      expect(await csv.getAttribute('href')).toContain('format=csv');
      const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
      expect(download.suggestedFilename()).toMatch(/^gaeste-.*\.csv$/);
      await expectAccessible(page, `admin-guests-${viewport}`);
      await screenshot(page, 'admin-guests');
      await page.close();
    }

    const log = await browser.newPage('desktop');
    await openPage(log, '/admin');
    const exportLink = log.getByRole('link', { name: guestsTexts.logDownload });
    await exportLink.waitFor();
    const [lines] = await Promise.all([log.waitForEvent('download'), exportLink.click()]);
    expect(lines.suggestedFilename()).toMatch(/\.jsonl$/);
    await screenshot(log, 'admin-log-export');
    await log.close();
  });

  it('a member switches the notices as a co-player off in the account panel', async () => {
    const { admin } = await createClub();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('phone');
    await openPage(page, '/profile');
    const box = page.getByRole('checkbox', { name: texts.coPlayerNoticesLabel });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.click();
    await page.getByText(texts.notificationSettingsSaved).waitFor();
    expect(await box.isChecked()).toBe(false);
    await screenshot(page, 'account-co-player-switch');
    const session = await apiSession(admin);
    expect(await session.get('/api/account/notifications')).toEqual({
      data: { booking_confirmations: false, co_player_notices: false },
    });
    await session.dispose();
    await page.close();
  });
});
