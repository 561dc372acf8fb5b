/**
 * Changing bookings and closing courts in real Chromium: an admin closes two courts for an
 * afternoon and a player's booking there gives way to the block and its reason; a player moves
 * their own booking to another hour; an admin books three courts for a weekly training and deletes
 * it on all of them. Days are picked relative to club-local today, in the future.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClub,
  createPlayer,
  expectAccessible,
  openPage,
  pageAs,
  pickDate,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { expectSlot, openGrid, popup, slot, watchPage } from './support/reservations-grid';

const browser = useChromium();

const tomorrow = clubDay(1);

describe('changing bookings and closing courts', () => {
  let clubId: string;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 3, start_hour: 8, end_hour: 20, reservations_limit: 3 });
    clubId = created.club._id;
    admin = created.admin;
    player = await createPlayer(clubId, { first_name: 'Steffi', last_name: 'Graf' });
  });

  it('an admin closes courts 1 and 2 for an afternoon; the player’s booking there gives way to the reason', async () => {
    const steffi = await apiSessionOf(player);
    await steffi.reserve({ club_id: clubId, court_num: '2', start_time: 15, end_time: 16, date: tomorrow });

    const adminPage = await pageAs(browser, admin, 'desktop');
    await openPage(adminPage, '/admin/sperrungen');
    await adminPage.getByRole('heading', { name: 'Neue Sperrung' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await adminPage.getByText('Keine Sperrungen geplant.').waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(adminPage, 'admin-blocks');
    await screenshot(adminPage, 'admin-blocks');

    await adminPage.getByRole('checkbox', { name: 'Alle Plätze' }).uncheck();
    await adminPage.getByRole('checkbox', { name: 'Platz 1' }).check();
    await adminPage.getByRole('checkbox', { name: 'Platz 2' }).check();
    await pickDate(adminPage, adminPage.getByRole('button', { name: /^Von \(Tag\) / }), tomorrow);
    await adminPage.getByLabel('Von (Uhrzeit)').selectOption('14');
    await pickDate(adminPage, adminPage.getByRole('button', { name: /^Bis \(Tag\) / }), tomorrow);
    await adminPage.getByLabel('Bis (Uhrzeit)').selectOption('18');
    await adminPage.getByLabel('Grund').fill('Turnier');
    await adminPage.getByRole('button', { name: 'Vorschau' }).click();

    const preview = adminPage.getByRole('region', { name: 'Vorschau' });
    await preview.getByText('Steffi Graf').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await preview.textContent()).toMatch(/15-16 Uhr · Platz 2/);
    await expectAccessible(adminPage, 'admin-blocks-preview');
    await screenshot(adminPage, 'admin-blocks-preview');
    // The preview wrote nothing: the booking is still there.
    expect(await steffi.reservations(clubId, tomorrow, tomorrow)).toHaveLength(1);

    await preview.getByRole('button', { name: 'Sperren und Reservierungen stornieren' }).click();
    await adminPage
      .getByRole('status')
      .getByText('Die Sperrung wurde eingerichtet. 1 Termin wurde storniert.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await adminPage
      .locator('.block-row')
      .getByText(/Turnier/)
      .waitFor({ timeout: UI_TIMEOUT_MS });

    expect(await steffi.reservations(clubId, tomorrow, tomorrow)).toEqual([]);

    const page = await pageAs(browser, player, 'phone');
    const seen = watchPage(page);
    await openGrid(page, tomorrow);
    await expectSlot(page, 2, 15, /^Platz 2, 15:00, gesperrt: Turnier$/);
    await expectSlot(page, 1, 14, /gesperrt: Turnier/);
    await expectSlot(page, 2, 17, /gesperrt: Turnier/);
    await expectSlot(page, 2, 18, /frei/);
    await expectSlot(page, 3, 15, /frei/);
    expect(await slot(page, 2, 15).getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => slot(page, 2, 15).textContent()).toContain('Gesperrt: Turnier');
    await expectAccessible(page, 'reservations-blocked');
    await screenshot(page, 'reservations-blocked');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'reservations-blocked');
    // Reached by keyboard like every cell; Enter explains the block instead of opening a booking.
    await slot(page, 2, 15).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => seen.alerts)
      .toEqual([expect.stringMatching(/^Platz 2 ist am .* um 15:00 Uhr gesperrt: Turnier$/)]);
    expect(seen.posts).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The list of blocks on a phone; lifting the block opens the hours again, the cancelled booking
    // stays cancelled.
    const phone = await pageAs(browser, admin, 'phone');
    await openPage(phone, '/admin/sperrungen');
    await phone
      .locator('.block-row')
      .getByText(/Plätze 1, 2 · .* · Turnier/)
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(phone, 'admin-blocks-list');
    await screenshot(phone, 'admin-blocks-list');
    await phone.getByRole('button', { name: 'Aufheben' }).click();
    await phone.getByText('Sperrung aufheben? Stornierte Reservierungen bleiben storniert.').waitFor();
    await phone.getByRole('button', { name: 'Ja, aufheben' }).click();
    await phone.getByText('Keine Sperrungen geplant.').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await steffi.reservations(clubId, tomorrow, tomorrow)).toEqual([]);
  });

  it('a player moves their own booking to another hour', async () => {
    const steffi = await apiSessionOf(player);
    await steffi.reserve({ club_id: clubId, court_num: '1', start_time: 10, end_time: 11, date: tomorrow });
    const page = await pageAs(browser, player, 'phone');
    const seen = watchPage(page);
    await openGrid(page, tomorrow);

    // Someone books court 3 at 11 after the grid loaded: that move is refused in German, the booking
    // stays, the popup stays open with what was chosen, and the grid catches up behind it.
    const adminApi = await apiSessionOf(admin);
    await adminApi.reserve({ club_id: clubId, court_num: '3', start_time: 11, end_time: 12, date: tomorrow });
    await slot(page, 1, 10).click();
    await popup(page).getByRole('button', { name: 'Ändern' }).click();
    await popup(page).getByLabel('Beginn').selectOption('11');
    await popup(page).getByLabel('Platz', { exact: true }).selectOption('3');
    await popup(page).getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(() => seen.alerts, { timeout: UI_TIMEOUT_MS })
      .toEqual([expect.stringMatching(/^Platz 3 ist am .* um 11:00 Uhr bereits reserviert\.$/)]);
    await expectSlot(page, 3, 11, /reserviert/);
    await expectSlot(page, 1, 10, /Ihre Reservierung/);

    const dialog = popup(page);
    await dialog.getByRole('heading', { name: 'Reservierung ändern' }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await dialog.getByLabel('Beginn').inputValue()).toBe('11');
    expect(await dialog.getByLabel('Platz', { exact: true }).inputValue()).toBe('3');
    // Players keep one hour and no label: neither is offered.
    expect(await dialog.getByLabel('Dauer').count()).toBe(0);
    await dialog.getByLabel('Beginn').selectOption('12');
    await dialog.getByLabel('Platz', { exact: true }).selectOption('3');
    await dialog.getByText(/Neu: Platz 3, .*, 12-13 Uhr/).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'change-reservation');
    await screenshot(page, 'change-reservation');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'change-reservation');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expectSlot(page, 3, 12, /Ihre Reservierung/);
    await expectSlot(page, 1, 10, /frei/);

    const own = (await steffi.reservations(clubId, tomorrow, tomorrow)).filter(
      (r) => r.user_id === steffi.user._id,
    );
    expect(own).toHaveLength(1);
    const [moved] = own;
    expect(moved).toMatchObject({ court_num: '3', start_time: 12, end_time: 13 });

    // "Meine Reservierungen" shows the new slot.
    await openPage(page, '/bookings');
    await page.getByText('Platz 3').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.locator('main').textContent()).toContain('12-13 Uhr');
    expect(await page.locator('main').textContent()).not.toContain('10-11 Uhr');
  });

  it('an admin books three courts for a weekly training, then deletes it on all of them', async () => {
    const day = clubDay(2);
    const page = await pageAs(browser, admin, 'desktop');
    await openGrid(page, day);
    await slot(page, 1, 17).click();
    const dialog = popup(page);
    await dialog.getByRole('checkbox', { name: 'Platz 2' }).check();
    await dialog.getByRole('checkbox', { name: 'Platz 3' }).check();
    await dialog.getByLabel('Dauer').selectOption('2');
    await dialog.getByLabel('Bezeichnung (optional)').fill('Training');
    await dialog.getByLabel('Wöchentlich wiederholen').check();
    await dialog.getByText('Plätze 1, 2, 3').waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'make-reservation-courts');
    await screenshot(page, 'make-reservation-courts');
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    for (const court of [1, 2, 3]) {
      await expectSlot(page, court, 17, /Training, wöchentlich/);
      await expectSlot(page, court, 18, /Training, wöchentlich/);
    }
    const list = await (await apiSessionOf(admin)).reservations(clubId, day, day);
    const training = list.filter((r) => r.label === 'Training');
    expect(training.map((r) => r.court_num).sort()).toEqual(['1', '2', '3']);
    expect(new Set(training.map((r) => r.group_id)).size).toBe(1);
    expect(training[0]?.group_id).toBeTruthy();

    await slot(page, 2, 17).click();
    await popup(page).getByRole('radio', { name: 'Alle Plätze' }).check();
    await popup(page).getByRole('radio', { name: 'Alle Termine' }).check();
    await screenshot(page, 'delete-group');
    await popup(page).getByRole('button', { name: 'Stornieren' }).click();
    for (const court of [1, 2, 3]) await expectSlot(page, court, 17, /frei/);
  });
});
