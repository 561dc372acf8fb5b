/**
 * The treasurer's tab "Kasse" in real Chromium (docs/architecture/money.md, "Die Kasse"): in a club
 * that charges onto the account, a member books an evening hour; the admin opens Kasse at desktop
 * width, sees the member owe it, opens the member's lines, is told in German what a wrong amount
 * is, records a payment typed with a comma and sees the new balance in the account and in the
 * list; the same page on a phone.
 */
import { accountTexts } from '@platzbuchung/domain/money/account';
import { kasseTexts } from '@platzbuchung/domain/money/kasse';
import type { Club } from '@platzbuchung/domain/types';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { chargeOntoAccounts, nextTuesday } from './support/charging-club';

const browser = useChromium();

/** What a screen reads, with its non-breaking spaces as plain ones. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('Kasse', () => {
  let club: Club;
  let admin: Account;
  let player: Account;
  let steffiId: string;

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 6, start_hour: 8, end_hour: 22 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    await createPlayer(club._id, { first_name: 'Boris', last_name: 'Becker' });
    await chargeOntoAccounts(club, admin);
    const steffi = await apiSession(player);
    steffiId = steffi.user._id;
    await steffi.reserve(club._id, { court_num: '5', date: nextTuesday(), start_time: 19 });
    await steffi.dispose();
  });

  it('the admin sees the member owe the booking, records a payment and sees the new balance', async () => {
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin');
    await page.getByRole('link', { name: kasseTexts.tab, exact: true }).click();
    const balances = page.getByRole('region', { name: kasseTexts.balancesTitle });
    const steffiRow = balances.getByRole('row', { name: /Steffi Graf/ });
    await steffiRow.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(plain(await steffiRow.innerText())).toContain('Offen: 21,00 €');
    expect(plain(await balances.getByRole('row', { name: /Boris Becker/ }).innerText())).toContain(
      'Ausgeglichen: 0,00 €',
    );
    expect(
      plain(await balances.getByRole('row', { name: new RegExp(kasseTexts.sumOpen) }).innerText()),
    ).toContain('21,00 €');
    const download = balances.getByRole('link', { name: kasseTexts.download });
    expect(await download.getAttribute('href')).toBe(`/api/admin/accounts?club_id=${club._id}&format=csv`);

    // "Nur offene" leaves out whoever owes nothing.
    await balances.getByLabel(kasseTexts.onlyOpen).check();
    await balances
      .getByRole('row', { name: /Boris Becker/ })
      .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await balances.getByRole('link', { name: 'Steffi Graf' }).click();

    const account = page.getByRole('region', { name: kasseTexts.memberTitle('Steffi Graf') });
    const lines = account.getByRole('region', { name: kasseTexts.linesCaption });
    await lines.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(page.url()).toContain('/admin/kasse?mitglied=');
    // Opening the account moves the focus to its heading.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      kasseTexts.memberTitle('Steffi Graf'),
    );
    expect(plain(await account.innerText())).toContain(`${accountTexts.balance}: Offen: 21,00 €`);
    const charge = lines.getByRole('row').nth(1);
    expect(plain(await charge.innerText())).toMatch(
      /Belastung\s+Buchung Platz 5, Di\., .*19-20 Uhr\s+Verlauf\s+21,00 €/,
    );
    expect(await charge.getByRole('link').getAttribute('href')).toMatch(/^\/admin\?reservierung=/);

    // An amount with three decimals is no amount: the API's German message stands under the field.
    await account.getByLabel(kasseTexts.euros).fill('18,505');
    await account.getByLabel(kasseTexts.text).fill('Überweisung März');
    await account.getByRole('button', { name: kasseTexts.submit('payment') }).click();
    await account
      .getByText('Der Betrag muss zwischen 0,01 € und 100.000,00 € liegen, in ganzen Cent.')
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('euros');
    await screenshot(page, 'kasse-entry-error');

    await account.getByLabel(kasseTexts.euros).fill('18,50');
    await account.getByRole('button', { name: kasseTexts.submit('payment') }).click();
    await account.getByText(accountTexts.entryRecorded.payment).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(plain(await account.getByRole('status').first().innerText())).toContain(
      `${kasseTexts.newBalance}: Offen: 2,50 €`,
    );
    const payment = lines.getByRole('row').nth(1);
    expect(plain(await payment.innerText())).toMatch(/Zahlung\s+Überweisung März\s+-18,50 €/);
    expect(await account.getByLabel(kasseTexts.euros).inputValue()).toBe('');
    // The list loads again and shows the new balance.
    await expect
      .poll(async () => plain(await steffiRow.innerText()), { timeout: UI_TIMEOUT_MS })
      .toContain('Offen: 2,50 €');

    await expectAccessible(page, 'kasse-desktop');
    await screenshot(page, 'kasse');

    // Back to the list, the focus is on the member's name again.
    await account.getByRole('button', { name: kasseTexts.backToList }).click();
    await account.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Steffi Graf');

    const admins = await apiSession(admin);
    const ledger = await admins.get<{ balance_cents: number; data: { kind: string; cents: number }[] }>(
      `/api/admin/accounts/${steffiId}/entries?club_id=${club._id}`,
    );
    expect(ledger.balance_cents).toBe(250);
    expect(ledger.data.filter((line) => line.kind === 'payment')).toEqual([
      expect.objectContaining({ cents: -1850 }),
    ]);
    await admins.dispose();
    await page.close();
  });

  it('on a phone the list, the account and the form stand one under the other', async () => {
    const page = await browser.newPage('phone');
    await openPage(page, `/admin/kasse?mitglied=${steffiId}`);
    const account = page.getByRole('region', { name: kasseTexts.memberTitle('Steffi Graf') });
    await account.getByRole('region', { name: kasseTexts.linesCaption }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(plain(await account.innerText())).toContain('Offen: 2,50 €');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'kasse-phone');
    await screenshot(page, 'kasse');
    await page.close();
  });
});
