/**
 * Who plays, in real Chromium on a phone: the admin requires co-players and allows guests at 5 €
 * in the Verein tab; the Platzordnung says so in plain words; a player books a doubles with two
 * members picked by keyboard type-ahead and a guest; the cell names all four; a named member finds
 * the booking in "Meine Reservierungen", marked, and takes themselves off.
 */
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { beforeAll, describe, expect, it } from 'vitest';
import { describePlayRules, playRulesOf } from '@platzbuchung/domain/players/play-rules';
import * as playerTexts from '@platzbuchung/domain/players/texts';
import {
  createClub,
  createPlayer,
  expectAccessible,
  openPage,
  pageAs,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
  settingsCard,
} from './support';
import { clubDay } from './support/reservations-api';
import { expectSlot, openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();
const tomorrow = clubDay(1);

describe('who plays', () => {
  let admin: Account;
  let steffi: Account;
  let erika: Account;

  beforeAll(async () => {
    const created = await createClub({ courts_count: 2, start_hour: 8, end_hour: 22, reservations_limit: 3 });
    admin = created.admin;
    const clubId = created.club._id;
    steffi = await createPlayer(clubId, { first_name: 'Steffi', last_name: 'Graf' });
    erika = await createPlayer(clubId, { first_name: 'Erika', last_name: 'Schmidt' });
    await createPlayer(clubId, { first_name: 'Boris', last_name: 'Becker' });
  });

  it('the admin requires co-players, allows guests at 5 € and lets a doubles last two hours', async () => {
    const page = await pageAs(browser, admin, 'phone');
    await openPage(page, '/admin/verein');
    const rules = page.getByRole('group', { name: 'Mitspieler', exact: true });
    await rules.waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('radio', { name: /^Pflicht/ }).check();
    await page.getByRole('radio', { name: '2 Stunden' }).check();
    await page.getByRole('checkbox', { name: /^Gäste erlaubt/ }).check();
    await page.getByLabel('Gastgebühr pro Gast und Stunde (€)').fill('5,00');
    await page.getByRole('button', { name: 'Kontingent hinzufügen' }).click();
    // A quota that ends before it begins is refused in the browser, under its own control.
    await page.getByLabel('Bis', { exact: true }).selectOption('12');
    const card = settingsCard(page, clubSettingsTexts.playRulesTitle);
    await card.getByRole('button', { name: clubSettingsTexts.save }).click();
    await page
      .getByText('Ein Kontingent endet zwischen 1 und 24 Uhr und nach seinem Beginn.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByLabel('Bis', { exact: true }).selectOption('21');
    await page.getByLabel('Kurzfristig frei (Stunden vor Beginn)').fill('24');
    await card.getByRole('button', { name: clubSettingsTexts.save }).click();
    await card.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'admin-play-rules');
    await screenshot(page, 'admin-play-rules');
  });

  it('the Platzordnung says the play rules in plain words', async () => {
    const page = await pageAs(browser, steffi, 'phone');
    await openPage(page, '/platzordnung');
    const expected = playRulesOf({
      co_players: 'required',
      doubles_hours: 2,
      guests: true,
      guest_fee_cents: 500,
      quotas: [{ days: [1, 2, 3, 4, 5], from_hour: 17, to_hour: 21, hours_per_week: 2 }],
      quota_exempt_hours: 24,
    });
    const list = page.getByRole('region', { name: 'Spielregeln' }).getByRole('listitem');
    await list.first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await list.allInnerTexts()).toEqual(describePlayRules(expected));
    await expectAccessible(page, 'club-rules-play');
    await screenshot(page, 'club-rules-play');
  });

  it('a player books a doubles with two members picked by keyboard and a guest', async () => {
    const page = await pageAs(browser, steffi, 'phone');
    await openGrid(page, tomorrow);
    await slot(page, 1, 10).click();
    const dialog = popup(page);
    await dialog.getByRole('radio', { name: 'Doppel' }).check();

    // Without its co-players the popup refuses, and says so.
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.getByText(playerTexts.missingCoPlayers(3)).waitFor();

    const first = dialog.getByRole('combobox', { name: 'Mitspieler 1' });
    await first.fill('schmi');
    await first.press('ArrowDown');
    await expect.poll(() => first.getAttribute('aria-activedescendant')).toBeTruthy();
    await first.press('Enter');
    expect(await first.inputValue()).toBe('Erika Schmidt');
    // Escape closes an open list, not the dialog.
    const second = dialog.getByRole('combobox', { name: 'Mitspieler 2' });
    await second.fill('bor');
    expect(await second.getAttribute('aria-expanded')).toBe('true');
    await second.press('Escape');
    expect(await second.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await second.press('ArrowDown');
    await second.press('Enter');
    expect(await second.inputValue()).toBe('Boris Becker');

    await dialog
      .getByRole('group', { name: 'Mitspieler 3: Mitglied oder Gast?' })
      .getByRole('radio', { name: 'Gast' })
      .check();
    await dialog.getByLabel('Mitspieler 3: Name des Gasts').fill('Anna Berg');
    await dialog.getByLabel('Dauer').selectOption('2');
    await expectAccessible(page, 'popup-players');
    await screenshot(page, 'popup-players');
    await dialog.getByRole('button', { name: 'Reservieren' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    await expectSlot(
      page,
      1,
      10,
      /Ihre Reservierung: Steffi Graf mit Erika Schmidt, Boris Becker und Anna Berg \(Gast\)/,
    );
    await expectSlot(page, 1, 11, /Anna Berg \(Gast\)/);
    expect(await slot(page, 1, 10).innerText()).toContain('Graf / Schmidt / Becker / Berg');
  });

  it('a named member finds the booking, marked, and takes themselves off', async () => {
    const page = await pageAs(browser, erika, 'phone');
    await openPage(page, '/bookings');
    const item = page.getByRole('listitem').filter({ hasText: playerTexts.coPlayer });
    // The booker's name arrives with the club's list, after the bookings: never "Unbekannt" meanwhile.
    await item.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await item.innerText()).not.toContain('Unbekannt');
    await item
      .getByText('Steffi Graf mit Erika Schmidt, Boris Becker und Anna Berg (Gast)')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'bookings-named');
    await item.getByRole('button', { name: /^Austragen/ }).click();
    await item.getByText(playerTexts.leaveConfirm).waitFor();
    await item.getByRole('button', { name: playerTexts.leaveYes }).click();
    await item.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

    // Only she may name herself again: the line after leaving offers the way back.
    const notice = page.getByRole('status').filter({ hasText: /Sie sind ausgetragen am/ });
    await notice.waitFor({ timeout: UI_TIMEOUT_MS });
    await screenshot(page, 'bookings-left');
    await notice.getByRole('button', { name: new RegExp(`^${playerTexts.rejoin}`) }).click();
    await notice.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await page
      .getByRole('listitem')
      .filter({ hasText: playerTexts.coPlayer })
      .waitFor({ timeout: UI_TIMEOUT_MS });
  });
});
