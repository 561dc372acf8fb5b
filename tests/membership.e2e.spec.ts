/**
 * Club membership as people live it: a club turns approval on, a newcomer signs up and sees only
 * the waiting notice, the admin approves them under "Mitglieder", and the newcomer books.
 */
import { clubSettingsTexts } from '@platzbuchung/domain/admin/texts';
import { describe, expect, it } from 'vitest';
import { memberTexts } from '@platzbuchung/domain/members/texts';
import * as texts from '@platzbuchung/domain/texts';
import {
  createClub,
  expectAccessible,
  field,
  loginViaUi,
  openPage,
  pageAs,
  pickClub,
  screenshot,
  uniqueEmail,
  UI_TIMEOUT_MS,
  useChromium,
  waitForForm,
  type Account,
  settingsCard,
} from './support';
import { clubDay } from './support/reservations-api';
import { expectSlot, openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();

describe('a club that approves its members', () => {
  it('a player signs up, waits, is approved by the admin, and books', async () => {
    const { club, admin } = await createClub({ courts_count: 2 });
    const newcomer: Account = {
      first_name: 'Boris',
      last_name: 'Becker',
      email: uniqueEmail('newcomer'),
      password: 'Aufschlag-2024!',
    };

    // The admin turns approval on in "Verein".
    let page = await pageAs(browser, admin, 'desktop');
    await openPage(page, '/admin/verein');
    const core = settingsCard(page, clubSettingsTexts.coreTitle);
    await core.getByRole('button', { name: clubSettingsTexts.save }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByLabel(/Neue Mitglieder freigeben/).check();
    await core.getByRole('button', { name: clubSettingsTexts.save }).click();
    await core.getByText(clubSettingsTexts.saved).waitFor({ timeout: UI_TIMEOUT_MS });

    // The newcomer signs up and logs in: the notice, nothing of the club.
    await browser.freshContext();
    page = await browser.newPage('phone');
    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    await pickClub(page, club.name);
    await field(page, 'Vorname').fill(newcomer.first_name);
    await field(page, 'Nachname').fill(newcomer.last_name);
    await field(page, 'E-Mail').fill(newcomer.email);
    await field(page, 'Passwort').fill(newcomer.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: texts.submitSignup }).click();
    await page.getByText(memberTexts.signedUpPending(club.name)).waitFor({ timeout: UI_TIMEOUT_MS });
    await loginViaUi(page, newcomer);
    const notice = `Ihre Mitgliedschaft bei ${club.name} wartet auf die Freigabe durch den Verein.`;
    await page.getByText(notice, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Meine Reservierungen' }).count()).toBe(0);
    await expectAccessible(page, 'the waiting notice');
    await screenshot(page, 'membership-waiting-phone');
    await openPage(page, '/players');
    await page.getByText(notice, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(texts.registeredPlayers).count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'membership-waiting-desktop');

    // The admin sees one waiting in the navigation and approves through the popup.
    page = await pageAs(browser, admin, 'desktop');
    await openPage(page, '/admin');
    const tab = page.getByRole('link', { name: /^Mitglieder/ });
    await expect.poll(() => tab.textContent(), { timeout: UI_TIMEOUT_MS }).toContain('1 wartet auf Freigabe');
    await tab.click();
    const offen = page.getByRole('button', { name: /^Offen/ });
    await expect.poll(() => offen.getAttribute('aria-pressed'), { timeout: UI_TIMEOUT_MS }).toBe('true');
    await page.getByText('Boris Becker').waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'Mitglieder');
    await screenshot(page, 'membership-members-desktop');
    await page.getByRole('button', { name: 'Freigeben: Boris Becker' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Mitgliedschaft freigeben' }).waitFor();
    await expectAccessible(page, 'the confirming popup');
    await screenshot(page, 'membership-approve-popup-desktop');
    await dialog.getByRole('button', { name: 'Freigeben', exact: true }).click();
    await page.getByText(memberTexts.statusChanged.approve).waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(() => tab.textContent()).toBe('Mitglieder');
    await page.getByRole('button', { name: /^Aktiv/ }).click();
    await page.getByText('Boris Becker').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'membership-members-phone');

    // The newcomer, on the next page load, sees the grid and books.
    page = await pageAs(browser, newcomer, 'phone');
    const tomorrow = clubDay(1);
    await openGrid(page, tomorrow);
    await slot(page, 1, 10).click();
    await popup(page).getByRole('button', { name: 'Reservieren' }).click();
    await popup(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
    await expectSlot(page, 1, 10, /Ihre Reservierung: B\. Becker$/);
  });
});
