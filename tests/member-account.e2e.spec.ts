/**
 * A member's account in real Chromium (docs/architecture/money.md): in a club that charges onto the
 * account, the member sees what the hour costs in the popup, books it, and finds the charge as a
 * line of "Kontoauszug" in Konto with the balance, on a phone and on a desktop.
 */
import { accountTexts } from '@platzbuchung/domain/money/account';
import type { Club } from '@platzbuchung/domain/types';
import { beforeAll, describe, expect, it } from 'vitest';
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
} from './support';
import { chargeOntoAccounts, nextTuesday } from './support/charging-club';
import { openGrid, popup, slot } from './support/reservations-grid';

const browser = useChromium();

describe('a member’s account', () => {
  let club: Club;
  let player: Account;
  const tuesday = nextTuesday();

  beforeAll(async () => {
    let admin: Account;
    ({ club, admin } = await createClub({ courts_count: 6, start_hour: 8, end_hour: 22 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    await chargeOntoAccounts(club, admin);
  });

  it('sees the cost before booking, books, and finds the charge and the balance in Konto', async () => {
    const bookings = [
      { viewport: 'phone', court: 5, balance: 'Offen: 21,00 €' },
      { viewport: 'desktop', court: 4, balance: 'Offen: 42,00 €' },
    ] as const;
    for (const { viewport, court, balance } of bookings) {
      const page = await pageAs(browser, player, viewport);
      await openGrid(page, tuesday);
      await slot(page, court, 19).click();
      const dialog = popup(page);
      await dialog
        .getByText('Kosten: 21,00 € (Hallenmiete 18,00 €, Flutlicht 3,00 €)')
        .waitFor({ timeout: UI_TIMEOUT_MS });
      await dialog.getByRole('button', { name: 'Reservieren' }).click();
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      await openPage(page, '/profile');
      const statement = page.getByRole('region', { name: accountTexts.title });
      await statement.waitFor({ timeout: UI_TIMEOUT_MS });
      expect((await statement.innerText()).replace(/\u00a0/g, ' ')).toContain(balance);
      const rows = statement.getByRole('row');
      await expect.poll(() => rows.count(), { timeout: UI_TIMEOUT_MS }).toBe(court === 5 ? 2 : 3);
      expect((await rows.nth(1).innerText()).replace(/\u00a0/g, ' ')).toMatch(
        new RegExp(`Buchung Platz ${court}, Di\\., .*19-20 Uhr\\s+21,00 €`),
      );
      await expectAccessible(page, `account-statement-${viewport}`);
      await screenshot(page, 'account-statement');
      await page.close();
    }
  });
});
