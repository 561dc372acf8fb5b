/**
 * SEPA direct debit in real Chromium (docs/architecture/money.md, "SEPA direct debit"): the admin
 * enters the club as creditor in Verein's "Preise und Zahlung" (a mistyped IBAN is named under its
 * field), a member reads the mandate text in Mein Konto, gives the mandate, sees the IBAN masked to
 * its last four and revokes it.
 */
import { priceTexts } from '@platzbuchung/domain/money/prices';
import { mandateText, sepaTexts } from '@platzbuchung/domain/money/sepa/texts';
import type { Club } from '@platzbuchung/domain/types';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClub,
  createPlayer,
  expectAccessible,
  loginViaApi,
  openPage,
  pageAs,
  screenshot,
  settingsCard,
  UI_TIMEOUT_MS,
  useChromium,
  type Account,
} from './support';
import { apiSession } from './support/admin-api';

const browser = useChromium();

describe('SEPA direct debit', () => {
  let club: Club;
  let admin: Account;
  let player: Account;

  beforeAll(async () => {
    ({ club, admin } = await createClub());
    player = await createPlayer(club._id, { first_name: 'Jürgen', last_name: 'Müller' });
  });

  it('the admin enters the club as creditor; a mistyped IBAN is named under its field', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/verein');
    const part = settingsCard(page, priceTexts.cardTitle).getByRole('region', { name: sepaTexts.heading });
    await part.getByLabel(sepaTexts.creditorIban).waitFor({ timeout: UI_TIMEOUT_MS });
    await part.getByLabel(sepaTexts.creditorName).fill('TC Grün-Weiß e.V.');
    await part.getByLabel(sepaTexts.creditorIban).fill('DE89 3704 0044 0532 0130 01');
    await part.getByLabel(sepaTexts.creditorId).fill('DE98ZZZ09999999999');
    await part.getByRole('button', { name: sepaTexts.saveCreditor }).click();
    await part.getByText(sepaTexts.invalidIban).waitFor({ timeout: UI_TIMEOUT_MS });

    await part.getByLabel(sepaTexts.creditorIban).fill('DE89 3704 0044 0532 0130 00');
    await part.getByRole('button', { name: sepaTexts.saveCreditor }).click();
    await part.getByRole('button', { name: sepaTexts.off }).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'sepa-creditor-desktop');
    await part.screenshot({ path: await screenshot(page, 'sepa-creditor') });

    const admins = await apiSession(admin);
    const saved = await admins.get<{ sepa: unknown }>(`/api/admin/club?club_id=${club._id}`);
    expect(saved.sepa).toEqual({
      creditor_name: 'TC Grün-Weiß e.V.',
      creditor_iban: 'DE89370400440532013000',
      creditor_id: 'DE98ZZZ09999999999',
    });
    await admins.dispose();
    await page.close();
  });

  it('a member reads the mandate text, gives the mandate, sees the IBAN masked and revokes it', async () => {
    const page = await pageAs(browser, player, 'phone');
    await openPage(page, '/profile');
    const card = page.getByRole('region', { name: sepaTexts.mandateHeading, exact: true });
    const text = card.getByRole('region', { name: sepaTexts.mandateTextLabel });
    await text.waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await text.innerText()).replace(/\s+/g, ' ')).toBe(
      mandateText({ creditor_name: 'TC Grün-Weiß e.V.', creditor_id: 'DE98ZZZ09999999999' }).replace(
        /\s+/g,
        ' ',
      ),
    );
    await expectAccessible(page, 'sepa-mandate-phone');
    await card.screenshot({ path: await screenshot(page, 'sepa-mandate-form') });

    await card.getByLabel(sepaTexts.accountHolder).fill('Jürgen Müller');
    await card.getByLabel(sepaTexts.iban, { exact: true }).fill('DE02 1203 0000 0000 2020 51');
    await card.getByRole('button', { name: sepaTexts.give }).click();
    await card.getByText(sepaTexts.consentRequired).waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByLabel(sepaTexts.consent).check();
    await card.getByRole('button', { name: sepaTexts.give }).click();

    await card.getByText(sepaTexts.given).waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByText('•••• •••• •••• •••• ••20 51').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await card.innerText()).not.toContain('0000 2020');
    await card.screenshot({ path: await screenshot(page, 'sepa-mandate-given') });

    await card.getByRole('button', { name: sepaTexts.revoke }).click();
    await card.getByText(sepaTexts.revoked).waitFor({ timeout: UI_TIMEOUT_MS });
    await card.getByRole('button', { name: sepaTexts.give }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.close();
  });

  it('the admin ends direct debit: the settings say none, and Mein Konto offers no mandate', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/verein');
    const part = settingsCard(page, priceTexts.cardTitle).getByRole('region', { name: sepaTexts.heading });
    await part.getByRole('button', { name: sepaTexts.off }).click();
    await part
      .getByRole('button', { name: sepaTexts.off })
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await part.getByLabel(sepaTexts.creditorIban).inputValue()).toBe('');
    const admins = await apiSession(admin);
    expect((await admins.get<{ sepa: unknown }>(`/api/admin/club?club_id=${club._id}`)).sepa).toBeNull();
    await admins.dispose();
    await page.close();

    const member = await pageAs(browser, player, 'phone');
    await openPage(member, '/profile');
    await member.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await member.waitForLoadState('networkidle');
    expect(await member.getByRole('region', { name: sepaTexts.mandateHeading, exact: true }).count()).toBe(0);
    await member.close();
  });
});
