/**
 * Club-local rules as admins set them and members meet them: the Verein tab's time zone list,
 * horizon, deadline and Platzordnung; the Platzordnung page behind its navigation link, its text
 * shown as text; days beyond the horizon not bookable; the popup saying until when to cancel.
 */
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import { formatDateDe } from '@platzbuchung/domain/dates';
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
  settingsCard,
} from './support';
import { apiSession, clubNow, type ApiSession } from './support/admin-api';
import { clubDay } from './support/reservations-api';
import { openGrid, popup, showDay, slot } from './support/reservations-grid';

const RULES =
  '1. Nur mit Sandplatzschuhen.\n2. Platz nach dem Spiel abziehen.\n\n<b>Kein HTML</b> & keine Skripte.';

describe('club-local rules', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let player: Account;
  let steffi: ApiSession;

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 3 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    steffi = await apiSession(player);
  });
  afterAll(async () => {
    await steffi?.dispose();
  });

  it('the admin sets time zone, horizon, deadline and Platzordnung in the Verein tab', async () => {
    await loginViaApi(browser.context, admin);
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await browser.newPage(viewport);
      await openPage(page, '/admin/verein');
      await page.getByLabel('Zeitzone suchen').waitFor({ timeout: UI_TIMEOUT_MS });
      if (viewport === 'desktop') {
        // The list starts with Europe/Berlin; typing narrows it, the keyboard picks from it.
        const zones = page.getByRole('listbox', { name: 'Zeitzone' });
        expect(await zones.locator('option').first().innerText()).toBe('Europe/Berlin');
        await page.getByLabel('Zeitzone suchen').fill('kiri');
        expect(await zones.locator('option').allInnerTexts()).toEqual([
          'Europe/Berlin',
          'Pacific/Kiritimati',
        ]);
        await page.getByLabel('Zeitzone suchen').fill('');
        await zones.selectOption('Europe/Berlin');
        await page.getByLabel('Buchbar im Voraus (Tage)').fill('7');
        await page.getByLabel('Stornofrist (Stunden)').fill('24');
        await page.getByLabel('Platzordnung', { exact: true }).fill(RULES);
        const card = settingsCard(page, clubSettingsTexts.localRulesTitle);
        await card.getByRole('button', { name: clubSettingsTexts.save }).click();
        await card.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
        await page
          .getByText('Buchungszeitraum: unbegrenzt → 7 Tage im Voraus')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await clubNow(steffi, club._id)).toMatchObject({
          booking_horizon_days: 7,
          cancel_deadline_hours: 24,
          has_rules: true,
        });
        // A horizon beyond a year is refused in the browser, in German, before anything is sent.
        await page.getByLabel('Buchbar im Voraus (Tage)').fill('400');
        await card.getByRole('button', { name: clubSettingsTexts.save }).click();
        await page.getByText('Der Buchungszeitraum muss zwischen 1 und 365 Tagen liegen').waitFor();
        await page.getByLabel('Buchbar im Voraus (Tage)').fill('7');
      }
      await expectAccessible(page, `admin-club-rules-${viewport}`);
      await screenshot(page, 'admin-club-rules');
      await page.close();
    }
  });

  it('members find the Platzordnung in the navigation, as plain text with its lines', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    for (const viewport of ['desktop', 'phone'] as const) {
      const page = await browser.newPage(viewport);
      await openPage(page, '/reservations');
      await page.getByRole('link', { name: 'Platzordnung' }).click();
      const text = page.locator('.club-rules__text');
      await text.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await text.innerText()).toBe(RULES);
      // Markup in the text is shown, never rendered.
      expect(await page.locator('.club-rules__text b').count()).toBe(0);
      await expectAccessible(page, `club-rules-${viewport}`);
      await screenshot(page, 'club-rules');
      await page.close();
    }
  });

  it('players see days beyond the horizon as not bookable, and until when they may cancel', async () => {
    const bookedDay = clubDay(3);
    await steffi.reserve(club._id, { court_num: '2', date: bookedDay, start_time: 17 });
    const page = await browser.newPage('desktop');
    await openGrid(page, clubDay(8));
    const notice = reservationTexts.notBookableYet(formatDateDe(clubDay(7)));
    await page.getByRole('note').getByText(notice).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await slot(page, 1, 10).getAttribute('aria-label')).toBe('Platz 1, 10:00, noch nicht buchbar');
    await screenshot(page, 'grid-beyond-horizon');

    await showDay(page, bookedDay);
    await slot(page, 2, 17).click();
    const until = `Stornieren bis ${formatDateDe(clubDay(2))}, 17:00 Uhr`;
    await popup(page).getByText(until).waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'popup-cancel-until');
    await page.close();
  });
});
