/**
 * "Konto löschen" in the account panel (docs/privacy-erasure.md): the popup says what happens,
 * refuses a wrong password at its field, erases the account and logs out; the address then opens
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { erasureTexts } from '@platzbuchung/domain/members/erasure';
import * as texts from '@platzbuchung/domain/texts';
import {
  TEST_PASSWORD,
  UI_TIMEOUT_MS,
  createClub,
  createPlayer,
  expectAccessible,
  field,
  loginViaUi,
  openPage,
  pageAs,
  screenshot,
  useChromium,
  waitForForm,
} from './support';
import { apiSession } from './support/admin-api';

const browser = useChromium();

describe('deleting one’s account in "Mein Konto"', () => {
  it('asks for the password, erases the account, logs out, and the login then fails', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id);
    const page = await browser.newPage('phone');
    await loginViaUi(page, player);
    await openPage(page, '/profile');

    const opener = page.getByRole('button', { name: 'Konto löschen …' });
    await opener.waitFor({ timeout: UI_TIMEOUT_MS });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: erasureTexts.ownPopupTitle });
    await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
    for (const step of erasureTexts.ownPopupSteps) await dialog.getByText(step).waitFor();
    const password = dialog.getByLabel('Passwort');
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectAccessible(page, 'account-erasure');
    await screenshot(page, 'account-erasure');

    // Escape closes it and nothing happens; the focus returns to the button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    await opener.click();
    await password.fill(`${TEST_PASSWORD}x`);
    await dialog.getByRole('button', { name: erasureTexts.ownConfirm }).click();
    // Under its own field (a `has` locator is relative to the field, so it starts from the page).
    const wrong = dialog
      .locator('.field', { has: page.getByLabel('Passwort') })
      .getByText(erasureTexts.wrongPassword);
    await wrong.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await password.getAttribute('aria-invalid')).toBe('true');

    await password.fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: erasureTexts.ownConfirm }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });
    await page
      .getByRole('status')
      .filter({ hasText: erasureTexts.accountErased })
      .waitFor({ timeout: UI_TIMEOUT_MS });

    await openPage(page, '/login');
    await waitForForm(page, texts.submitLogin);
    await field(page, 'E-Mail').fill(player.email);
    await field(page, 'Passwort').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.submitLogin }).click();
    // A refusal of the whole login form shows under the e-mail field (docs/security/accounts.md).
    await page
      .locator('.field', { has: field(page, 'E-Mail') })
      .getByText(texts.wrongCredentials)
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('"Löschen" for an inactive member in "Mitglieder"', () => {
  it('asks in a popup, erases the member, and the list no longer has them', async () => {
    const { club, admin } = await createClub();
    const player = await createPlayer(club._id, { first_name: 'Lotte', last_name: 'Löschbar' });
    const session = await apiSession(admin);
    const playerSession = await apiSession(player);
    const playerId = playerSession.user._id;
    await playerSession.dispose();
    const deactivated = await session.put(`/api/admin/members/${playerId}/status?club_id=${club._id}`, {
      status: 'inactive',
    });
    expect(deactivated.status).toBe(200);

    const page = await pageAs(browser, admin, 'desktop');
    await openPage(page, '/admin');
    await page.getByRole('link', { name: /^Mitglieder/ }).click();
    await page.getByRole('button', { name: /^Inaktiv/ }).click();
    await page.getByRole('button', { name: 'Löschen: Lotte Löschbar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Mitglied löschen' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await dialog.getByText(erasureTexts.adminQuestion('Lotte Löschbar', 0)).waitFor();
    await expectAccessible(page, 'the erasing popup');
    await screenshot(page, 'member-erasure-popup');
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.getByText(erasureTexts.memberErased('Lotte Löschbar')).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText('Lotte Löschbar', { exact: true }).count()).toBe(0);
    await session.dispose();
  });
});
