/**
 * Confirming an address as a member meets it (docs/architecture/mail.md, "Confirmed addresses"): signed
 * up and logged in at once, "Mein Konto" says the address is not confirmed yet and sends the link
 * again; a notice meanwhile waits; following the mailed link in the browser confirms the address
 * and the held notice arrives; the same link a second time is refused in German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import { confirmationTexts } from '@platzbuchung/domain/mail/email-confirmation';
import type { Club } from '@platzbuchung/domain/types';
import {
  createClub,
  createPlayer,
  expectAccessible,
  firstLink,
  loginViaApi,
  openPage,
  readMails,
  UI_TIMEOUT_MS,
  useChromium,
  waitForMail,
  type Account,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';

describe('confirming the address', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let player: Account;
  let adminApi: ApiSession;
  let playerApi: ApiSession;
  const tomorrow = addDays(clubNow('Europe/Berlin').date, 1);

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 2 }));
    player = await createPlayer(
      club._id,
      { first_name: 'Boris', last_name: 'Becker' },
      { unconfirmed: true },
    );
    adminApi = await apiSession(admin);
    playerApi = await apiSession(player);
  });
  afterAll(async () => {
    await adminApi?.dispose();
    await playerApi?.dispose();
  });

  const cancellationTo = (email: string) => (m: { to: string; subject: string }) =>
    m.to.includes(email) && m.subject.includes('abgesagt');

  it('a notice waits until the member follows the link from the account panel; the link works once', async () => {
    // Mailed at sign-up, whether or not anything else may go to the address yet.
    await waitForMail((m) => m.to.includes(player.email) && m.decoded.includes('/confirm-email?token='));
    const id = await playerApi.reserve(club._id, { court_num: '1', date: tomorrow, start_time: 10 });
    await adminApi.cancel(club._id, id, tomorrow);

    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    await openPage(page, '/profile');
    await page.getByText(confirmationTexts.notYetConfirmed).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByRole('button', { name: confirmationTexts.sendAgain }).click();
    await page.getByText(confirmationTexts.linkSent).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'account with unconfirmed address');

    const links = async () =>
      (await readMails())
        .filter((m) => m.to.includes(player.email) && m.decoded.includes('/confirm-email?token='))
        .map((m) => firstLink(m, '/confirm-email').href);
    await expect.poll(async () => (await links()).length, { timeout: UI_TIMEOUT_MS }).toBe(2);
    // The cancellation is held: nothing about it in the member's inbox yet.
    expect((await readMails()).filter(cancellationTo(player.email))).toEqual([]);

    const link = (await links())[1]!;
    await page.goto(link);
    await page.getByText(confirmationTexts.confirmed).waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'address confirmed');
    const mail = await waitForMail(cancellationTo(player.email));
    expect(mail.subject).toBe(`Ihre Buchung bei ${club.name} wurde abgesagt`);

    await page.goto(link);
    await page.getByText(confirmationTexts.linkInvalid).waitFor({ timeout: UI_TIMEOUT_MS });

    await openPage(page, '/profile');
    await page.getByRole('heading', { name: 'Mein Konto' }).waitFor({ timeout: UI_TIMEOUT_MS });
    await page.getByText('Benachrichtigungen', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByText(confirmationTexts.notYetConfirmed).count()).toBe(0);
    // Sent once, not again on the second visit of the link.
    expect((await readMails()).filter(cancellationTo(player.email))).toHaveLength(1);
    await page.close();
  });

  it('a link opened without a login confirms too; a made-up or cut-off one is refused', async () => {
    const other = await createPlayer(club._id, {}, { unconfirmed: true });
    const mail = await waitForMail(
      (m) => m.to.includes(other.email) && m.decoded.includes('/confirm-email?token='),
    );
    await browser.freshContext();
    const page = await browser.newPage('desktop');
    await page.goto(firstLink(mail, '/confirm-email').href);
    await page.getByText(confirmationTexts.confirmed).waitFor({ timeout: UI_TIMEOUT_MS });
    for (const path of [`/confirm-email?token=${'A'.repeat(43)}`, '/confirm-email']) {
      await openPage(page, path);
      await page.getByText(confirmationTexts.linkInvalid).waitFor({ timeout: UI_TIMEOUT_MS });
    }
    await page.close();
  });
});
