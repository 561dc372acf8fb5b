/**
 * The booking popup as a member meets it, in real Chromium (docs/architecture/micro-frontends.md,
 * "The booking popups"): before booking it says what the club's limit and quota still leave; a
 * refusal (a co-player's quota) shows in our alert over the popup, which keeps the co-player
 * chosen; an unknown name becomes a guest with its fee shown; on a phone a doubles' actions stay in
 * view; the Warteliste popup names who holds the hour.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import {
  createClub,
  createPlayer,
  expectAccessible,
  pageAs,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSession } from './support/admin-api';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { expectSlot, openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();

/** The first day from tomorrow on that is Monday to Friday: the quota's window lies in it. */
function nextWeekday(): string {
  for (let days = 1; ; days++) {
    const day = clubDay(days);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return day;
  }
}

const day = nextWeekday();
const quotaWindow = 'Mo–Fr 17–21 Uhr';

/** The alert over the popup: its text, and whether focus is in it. */
async function alertShown(page: Page): Promise<{ text: string; focused: boolean }> {
  const alert = page.getByRole('alertdialog');
  await alert.waitFor({ timeout: UI_TIMEOUT_MS });
  return {
    text: await alert.locator('.alert__message').innerText(),
    focused: await page.evaluate(() => document.activeElement?.closest('[role="alertdialog"]') !== null),
  };
}

describe('the booking popup', () => {
  let clubId: string;
  let steffi: Account;
  let erika: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 3, start_hour: 8, end_hour: 22, reservations_limit: 3 });
    clubId = created.club._id;
    const { club } = created;
    const admin = await apiSession(created.admin);
    const saved = await admin.put(`/api/admin/club?club_id=${clubId}`, {
      name: club.name,
      courts_count: club.courts_count,
      start_hour: club.start_hour,
      end_hour: club.end_hour,
      reservations_limit: club.reservations_limit,
      co_players: 'optional',
      co_players_count: false,
      doubles_hours: 1,
      guests: true,
      guest_fee_cents: 500,
      quotas: [{ days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 }],
      quota_exempt_hours: 0,
    });
    expect(saved.status).toBe(200);
    await admin.dispose();
    steffi = await createPlayer(clubId, { first_name: 'Steffi', last_name: 'Graf' });
    erika = await createPlayer(clubId, { first_name: 'Erika', last_name: 'Schmidt' });
    await createPlayer(clubId, { first_name: 'Boris', last_name: 'Becker' });
    // Steffi has played one hour of the evening quota; Erika both of hers.
    const asSteffi = await apiSessionOf(steffi);
    await asSteffi.reserve({ club_id: clubId, court_num: '2', start_time: 20, end_time: 21, date: day });
    const asErika = await apiSessionOf(erika);
    await asErika.reserve({ club_id: clubId, court_num: '3', start_time: 17, end_time: 18, date: day });
    await asErika.reserve({ club_id: clubId, court_num: '3', start_time: 18, end_time: 19, date: day });
  });

  it('says what is left before booking, and keeps the co-player chosen when the API refuses', async () => {
    const page = await pageAs(browser, steffi, 'phone');
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await openGrid(page, day);
    await slot(page, 1, 19).click();
    const dialog = popup(page);
    const room = dialog.getByRole('list', { name: 'Noch frei' });
    await room.waitFor({ timeout: UI_TIMEOUT_MS });
    const lines = room.getByRole('listitem');
    await expect
      .poll(() => lines.allInnerTexts(), { timeout: UI_TIMEOUT_MS })
      .toEqual([
        'Noch 2 von 3 Reservierungen frei',
        expect.stringMatching(
          new RegExp(`^Kontingent ${quotaWindow}: noch 1 Stunde in (dieser Woche|der Woche ab .+)$`),
        ),
      ]);

    // Erika has no quota left: the API refuses, in our alert over the popup.
    const first = dialog.getByRole('combobox', { name: 'Mitspieler 1' });
    await first.fill('erika');
    await first.press('ArrowDown');
    await first.press('Enter');
    expect(await first.inputValue()).toBe('Erika Schmidt');
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    const shown = await alertShown(page);
    expect(shown).toEqual({
      text: playerTexts.quotaExceeded('Erika Schmidt', quotaWindow, 2),
      focused: true,
    });
    await expectAccessible(page, 'booking-popup-refused');
    await screenshot(page, 'booking-popup-refused');

    // Escape closes the alert; the popup is still there, with Erika, and focus is back in it.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await dialog.isVisible()).toBe(true);
    expect(await first.inputValue()).toBe('Erika Schmidt');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('dialog:not([role="alertdialog"])') !== null),
      )
      .toBe(true);

    // A name that is no member's becomes a guest; the fee shows before booking.
    await first.fill('Anna Berg');
    const asGuest = dialog.getByRole('option', { name: 'Als Gast eintragen: „Anna Berg“' });
    await asGuest.waitFor();
    await asGuest.click();
    const guestName = dialog.getByLabel('Mitspieler 1: Name des Gasts');
    expect(await guestName.inputValue()).toBe('Anna Berg');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(
      'Anna Berg',
    );
    await dialog.getByText('Gastgebühr: 5,00 € (1 Gast, 1 Stunde)').waitFor();
    await expectAccessible(page, 'booking-popup-guest');
    await screenshot(page, 'booking-popup-guest');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'booking-popup-guest');

    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 1, 19, /Ihre Reservierung: Steffi Graf mit Anna Berg \(Gast\)/);
    // The browser's own alert() never showed.
    expect(alerts).toEqual([]);
  });

  it('the room left follows the booking just made', async () => {
    const page = await pageAs(browser, steffi, 'desktop');
    await openGrid(page, day);
    await slot(page, 1, 12).click();
    const lines = popup(page).getByRole('list', { name: 'Noch frei' }).getByRole('listitem');
    // 12:00 lies outside the quota's window: only the limit is said.
    await expect
      .poll(() => lines.allInnerTexts(), { timeout: UI_TIMEOUT_MS })
      .toEqual(['Noch 1 von 3 Reservierungen frei']);
    await screenshot(page, 'booking-popup-room');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'booking-popup-room');
    await popup(page).getByRole('button', { name: 'Abbrechen' }).click();
  });

  it('on a phone a doubles keeps its actions in view', async () => {
    const page = await pageAs(browser, steffi, 'phone');
    await openGrid(page, day);
    await slot(page, 1, 10).click();
    const dialog = popup(page);
    await dialog.getByRole('radio', { name: 'Doppel' }).check();
    await dialog.getByRole('combobox', { name: 'Mitspieler 3' }).fill('Zoe Unbekannt');
    await dialog.getByRole('option', { name: /Als Gast eintragen/ }).waitFor();
    const reserve = dialog.getByRole('button', { name: 'Reservieren' });
    const box = await reserve.boundingBox();
    expect(box).not.toBeNull();
    // Inside the phone's 844 px without scrolling the dialog.
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    expect(box!.y).toBeGreaterThan(0);
    await screenshot(page, 'booking-popup-doubles');
  });

  it('the Warteliste popup names who holds the hour and that the member waits for it', async () => {
    const page = await pageAs(browser, steffi, 'phone');
    await openGrid(page, day);
    // Erika's 17:00 on court 3.
    await slot(page, 3, 17).click();
    const dialog = popup(page);
    await dialog.getByRole('button', { name: waitlistTexts.join }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expect
      .poll(() => slot(page, 3, 17).innerText(), { timeout: UI_TIMEOUT_MS })
      .toContain('Sie warten');

    await slot(page, 3, 17).click();
    await dialog.getByRole('button', { name: waitlistTexts.leave }).waitFor({ timeout: UI_TIMEOUT_MS });
    const summary = await dialog.locator('.popup__summary').innerText();
    expect(summary).toMatch(/Reserviert von\s+E\. Schmidt/);
    expect(summary).not.toContain('Warteliste');
    await dialog.getByText(`${waitlistTexts.waiting}.`, { exact: false }).waitFor();
    await screenshot(page, 'booking-popup-waitlist');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  });
});
