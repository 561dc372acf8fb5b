/**
 * The Warteliste end to end (docs/adding-a-change.md): member B puts themself on the list of A's
 * booking from the grid's popup, A cancels, B's mail goes out once, and B's grid shows the hour
 * free without a reload.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDateDe } from '@platzbuchung/domain/dates';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { Club } from '@platzbuchung/domain/types';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import {
  createClub,
  createPlayer,
  e2eStack,
  expectAccessible,
  loginViaApi,
  openPage,
  screenshot,
  UI_TIMEOUT_MS,
  useChromium,
  waitForMail,
  type Account,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';
import { expectSlot, openGrid, popup, slot } from './support/reservations-grid';

describe('the Warteliste', () => {
  const browser = useChromium();
  let club: Club;
  let holder: Account;
  let waiter: Account;
  let holderApi: ApiSession;
  const tomorrow = addDays(clubNow('Europe/Berlin').date, 1);

  beforeAll(async () => {
    ({ club } = await createClub({ courts_count: 3 }));
    holder = await createPlayer(club._id, { first_name: 'Anna', last_name: 'Abend' });
    waiter = await createPlayer(club._id, { first_name: 'Bernd', last_name: 'Warte' });
    holderApi = await apiSession(holder);
  });
  afterAll(async () => {
    await holderApi?.dispose();
  });

  it(
    'B joins the list of A’s booking, A cancels: B is mailed once and B’s grid shows the hour free',
    { timeout: 300_000 },
    async () => {
      const booking = await holderApi.reserve(club._id, { court_num: '2', date: tomorrow, start_time: 18 });

      await loginViaApi(browser.context, waiter);
      const page = await browser.newPage('phone');
      await openGrid(page, tomorrow);
      await slot(page, 2, 18).click();
      const dialog = popup(page);
      await dialog.getByRole('button', { name: waitlistTexts.join }).waitFor({ timeout: UI_TIMEOUT_MS });
      await expectAccessible(page, 'waitlist popup');
      await screenshot(page, 'waitlist-popup');
      await dialog.getByRole('button', { name: waitlistTexts.join }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await expectSlot(page, 2, 18, new RegExp(`${waitlistTexts.waiting}$`));
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /^Warteliste: / })
          .textContent(),
      ).toBe(waitlistTexts.joinedFor(`Platz 2, ${formatDateDe(tomorrow)}, 18-19 Uhr`));
      await screenshot(page, 'waitlist-grid-mark');

      // Opened again: the member is on the list and can leave it.
      await slot(page, 2, 18).click();
      await dialog.getByText(waitlistTexts.waiting).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await dialog.getByRole('button', { name: waitlistTexts.leave }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

      await holderApi.cancel(club._id, booking, tomorrow);
      // The live stream frees the hour on B's open grid, without a reload.
      await expectSlot(page, 2, 18, /frei/);
      await screenshot(page, 'waitlist-freed');

      // Generous: the subscription's gap-free reader waits for every older transaction of the
      // server, and a shared machine may run a long one elsewhere meanwhile.
      const mail = await waitForMail(
        (m) => m.to.includes(waiter.email) && m.decoded.includes('ist frei geworden'),
        150_000,
      );
      expect(mail.decoded).toContain(`Platz 2`);
      const db = new pg.Client({ connectionString: e2eStack().databaseUrl });
      await db.connect();
      try {
        const count = async () =>
          Number(
            (
              await db.query(
                `SELECT count(*) AS n FROM mail_outbox o JOIN users u ON u.id = o.user_id
               WHERE u.email = $1 AND o.kind = 'waitlist-freed'`,
                [waiter.email],
              )
            ).rows[0].n,
          );
        expect(await count()).toBe(1);
        // The hour is free again and stays so: nothing more is on its way to B.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await count()).toBe(1);
      } finally {
        await db.end();
      }
      await page.close();
    },
  );

  it('lists the member’s entries in Meine Reservierungen, each to leave', async () => {
    const booking = await holderApi.reserve(club._id, { court_num: '3', date: tomorrow, start_time: 10 });
    await loginViaApi(browser.context, waiter);
    const page = await browser.newPage('desktop');
    await openGrid(page, tomorrow);
    await slot(page, 3, 10).click();
    await popup(page).getByRole('button', { name: waitlistTexts.join }).click();
    await popup(page).waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

    await openPage(page, '/bookings');
    const section = page.getByRole('region', { name: waitlistTexts.title });
    const leave = section.getByRole('button', { name: new RegExp(`^${waitlistTexts.leave}: Platz 3`) });
    await leave.waitFor({ timeout: UI_TIMEOUT_MS });
    await expectAccessible(page, 'Meine Reservierungen with the Warteliste');
    await screenshot(page, 'waitlist-my-reservations');
    await leave.click();
    await leave.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    await holderApi.cancel(club._id, booking, tomorrow);
    await page.close();
  });
});
