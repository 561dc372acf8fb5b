import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@platzbuchung/domain/account/texts';
import { emailChangeTexts } from '@platzbuchung/domain/mail/email-change';
import * as texts from '@platzbuchung/domain/texts';
import {
  TEST_PASSWORD,
  UI_TIMEOUT_MS,
  createClub,
  createPlayer,
  expectAccessible,
  field,
  firstLink,
  loginViaApi,
  loginViaUi,
  mainHeading,
  openPage,
  screenshot,
  uniqueEmail,
  useChromium,
  waitForForm,
  waitForMail,
} from './support';
import { apiSessionOf, clubDay } from './support/reservations-api';
import { expectSlot, openGrid, showDay } from './support/reservations-grid';

const browser = useChromium();
const NEW_PASSWORD = 'Netzroller-2025?';

describe('a member and their own data', () => {
  it('opens the privacy notice from the sign-up form in a new tab, and the form keeps what was typed', async () => {
    await browser.freshContext();
    const page = await browser.newPage('phone');
    await openPage(page, '/register');
    await waitForForm(page, texts.submitSignup);
    await field(page, 'Vorname').fill('Steffi');

    const [notice] = await Promise.all([
      browser.context.waitForEvent('page'),
      page.getByRole('link', { name: /Datenschutzerklärung/ }).click(),
    ]);
    await notice.setViewportSize({ width: 390, height: 844 });
    await notice.waitForURL('**/datenschutz', { timeout: UI_TIMEOUT_MS });
    await mainHeading(notice).getByText('Datenschutzerklärung').waitFor({ timeout: UI_TIMEOUT_MS });
    await notice.getByText('Art. 6 Abs. 1 lit. b DSGVO').waitFor();
    await notice.getByText(/übrigen Angaben versendeter E-Mails nach \d+ Tagen/).waitFor();
    await expectAccessible(notice, 'privacy-notice');
    await screenshot(notice, 'privacy-notice');

    expect(await field(page, 'Vorname').inputValue()).toBe('Steffi');
    // Logged out, the footer links it beside the Impressum.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' }).waitFor();
  });

  it('changes the name in Konto and the grid shows it, changes the password and downloads the data', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    const day = clubDay(1);
    await (
      await apiSessionOf(player)
    ).reserve({
      club_id: club._id,
      court_num: '1',
      start_time: 10,
      end_time: 11,
      date: day,
    });
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');

    // The grid has loaded the club's names before the change.
    await openGrid(page, day);
    await expectSlot(page, 1, 10, /Ihre Reservierung: S\. Graf/);

    await page.getByRole('link', { name: 'Konto' }).click();
    await waitForForm(page, 'Name speichern');
    await field(page, 'Vorname').fill('Tanja');
    await field(page, 'Nachname').fill('Neumann');
    // The keyboard path: Enter in the field sends the form.
    await field(page, 'Nachname').press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: accountTexts.nameChanged })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('.account dd').filter({ hasText: 'Tanja Neumann' }).waitFor();

    await page.getByRole('link', { name: 'Platzplan' }).click();
    await showDay(page, day);
    await expectSlot(page, 1, 10, /Ihre Reservierung: T\. Neumann/);

    await page.getByRole('link', { name: 'Konto' }).click();
    await waitForForm(page, 'Passwort ändern');
    await field(page, 'Bisheriges Passwort').fill('Falsch-2024!');
    await field(page, 'Neues Passwort').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort ändern', exact: true }).click();
    await page.getByText(accountTexts.wrongCurrentPassword).waitFor({ timeout: UI_TIMEOUT_MS });
    await field(page, 'Bisheriges Passwort').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Passwort ändern', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: accountTexts.passwordChanged })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await field(page, 'Neues Passwort').inputValue()).toBe('');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: UI_TIMEOUT_MS }),
      page.getByRole('button', { name: accountTexts.exportButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^platzbuchung-meine-daten-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      profile: { first_name: string; last_name: string; email: string };
      bookings: { now: { date: string; court_num: string } | null }[];
    };
    expect(data.profile).toMatchObject({ first_name: 'Tanja', last_name: 'Neumann', email: player.email });
    expect(data.bookings.map((b) => b.now)).toEqual([expect.objectContaining({ date: day, court_num: '1' })]);
    await page.getByRole('status').filter({ hasText: accountTexts.exportDone }).waitFor();

    await expectAccessible(page, 'account-own-data');
    await page.getByRole('heading', { name: 'Name ändern' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-own-data');

    // This session stayed; logged out, the new password is the one that works.
    await page.getByRole('button', { name: texts.logout }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });
    await loginViaUi(page, { email: player.email, password: NEW_PASSWORD });
  });

  it('changes the address in Konto: the link mailed to the new address switches it, the old one is told', async () => {
    const { club } = await createClub();
    const player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    const target = uniqueEmail('neu');
    await browser.freshContext();
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    await openPage(page, '/profile');
    await waitForForm(page, emailChangeTexts.submit);
    const submit = page.getByRole('button', { name: emailChangeTexts.submit, exact: true });

    await field(page, emailChangeTexts.newAddressLabel).fill(target);
    await field(page, emailChangeTexts.passwordLabel).fill('Falsch-2024!');
    await submit.click();
    await page.getByText(emailChangeTexts.wrongPassword).waitFor({ timeout: UI_TIMEOUT_MS });
    await field(page, emailChangeTexts.passwordLabel).fill(TEST_PASSWORD);
    await submit.click();
    await page
      .getByRole('status')
      .filter({ hasText: emailChangeTexts.linkSent(target) })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await field(page, emailChangeTexts.passwordLabel).inputValue()).toBe('');
    // Nothing changed yet; after a reload the panel still names the address that waits.
    await page.reload();
    await page.getByText(emailChangeTexts.pending(target)).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.locator('.account dd').filter({ hasText: player.email }).waitFor();
    await expectAccessible(page, 'account-email-change');
    await page.getByRole('heading', { name: accountTexts.emailChangeTitle }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-email-change');

    const toOld = (words: string) => (m: { to: string; decoded: string }) =>
      m.to.includes(player.email) && m.decoded.includes(words);
    await waitForMail(toOld('soeben beantragt'));
    const link = await waitForMail(
      (m) => m.to.includes(target) && m.decoded.includes('/confirm-email?token='),
    );
    await page.goto(firstLink(link, '/confirm-email').href);
    await page.getByText(emailChangeTexts.changed).waitFor({ timeout: UI_TIMEOUT_MS });
    await waitForMail(toOld('ab jetzt eine neue E-Mail-Adresse'));

    // The same login goes on, with the new address; only the new one logs in from now on.
    await openPage(page, '/profile');
    await page.locator('.account dd').filter({ hasText: target }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(emailChangeTexts.pending(target)).count()).toBe(0);
    await page.getByRole('button', { name: texts.logout }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: UI_TIMEOUT_MS });
    await loginViaUi(page, { email: target, password: TEST_PASSWORD });
  });
});
