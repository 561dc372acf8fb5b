/**
 * Notifications as members and admins meet them: the account panel's switch for booking
 * confirmations, the mails that reach the member's inbox (MAIL_DIR) through event log, outbox,
 * relay and worker, and the admin's list of the club's notices with a retry for a failed one.
 */
import { createECDH, randomBytes } from 'node:crypto';
import pg from 'pg';
import { request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import { addDays } from '@platzbuchung/domain/dates';
import type { Club } from '@platzbuchung/domain/types';
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
  VIEWPORTS,
  waitForMail,
  type Account,
  type ViewportName,
} from './support';
import { apiSession, type ApiSession } from './support/admin-api';

describe('notifications', () => {
  const browser = useChromium();
  let club: Club;
  let admin: Account;
  let player: Account;
  let adminApi: ApiSession;
  let playerApi: ApiSession;
  const tomorrow = addDays(clubNow('Europe/Berlin').date, 1);

  beforeAll(async () => {
    ({ club, admin } = await createClub({ courts_count: 4 }));
    player = await createPlayer(club._id, { first_name: 'Steffi', last_name: 'Graf' });
    adminApi = await apiSession(admin);
    playerApi = await apiSession(player);
  });
  afterAll(async () => {
    await adminApi?.dispose();
    await playerApi?.dispose();
  });

  it('a member switches booking confirmations on in the account panel and gets one for the next booking', async () => {
    await loginViaApi(browser.context, player);
    const page = await browser.newPage('phone');
    await openPage(page, '/profile');
    const box = page.getByRole('checkbox', { name: 'Buchungsbestätigungen per E-Mail' });
    await box.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await box.isChecked()).toBe(false);

    await box.check();
    await page.getByText('Ihre Einstellung wurde gespeichert.').waitFor({ timeout: UI_TIMEOUT_MS });
    await page.reload();
    await box.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await box.isChecked()).toBe(true);

    await playerApi.reserve(club._id, { court_num: '2', date: tomorrow, start_time: 9 });
    // The subject is MIME-encoded (it has an umlaut): the body is where to look.
    const mail = await waitForMail(
      (m) =>
        m.to.includes(player.email) && m.decoded.includes(`Ihre Buchung bei ${club.name} ist eingetragen`),
    );
    expect(mail.decoded).toContain(`Ihre Buchung bei ${club.name} ist eingetragen: Platz 2`);
    expect(mail.decoded).toContain('weil Sie in Ihrem Konto Buchungsbestätigungen eingeschaltet haben');
    await page.close();
  });

  it('an admin cancels the member’s booking: the member is mailed why, and the admin sees it under Benachrichtigungen', async () => {
    const id = await playerApi.reserve(club._id, { court_num: '3', date: tomorrow, start_time: 11 });
    await adminApi.cancel(club._id, id, tomorrow);
    const mail = await waitForMail((m) => m.to.includes(player.email) && m.subject.includes('abgesagt'));
    expect(mail.subject).toBe(`Ihre Buchung bei ${club.name} wurde abgesagt`);
    expect(mail.decoded).toContain('Ein Administrator Ihres Vereins hat die Buchung gelöscht.');
    expect(mail.decoded).toContain(e2eStack().baseUrl);

    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('desktop');
    await openPage(page, '/admin/benachrichtigungen');
    await page
      .getByRole('heading', { name: 'Benachrichtigungen', level: 2 })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    const cancelled = page.locator('.notice-row', { hasText: 'Buchung abgesagt' });
    await cancelled.first().waitFor({ timeout: UI_TIMEOUT_MS });
    await expect.poll(async () => cancelled.first().innerText()).toContain('Versendet');
    expect(await cancelled.first().innerText()).toContain('Steffi Graf');
    expect(await page.locator('body').innerText()).not.toContain(player.email);
    await page.close();
  });

  it('a failed notice is sent again from the admin list', async () => {
    const db = new pg.Client({ connectionString: e2eStack().databaseUrl });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO mail_outbox (kind, club_id, user_id, to_address, to_name, payload, status, attempts, last_error, failed_at)
         VALUES ('booking-cancelled', $1, $2, $3, 'Steffi Graf', $4, 'failed', 5, '451 Mailbox busy, try again later', now())`,
        [
          club._id,
          playerApi.user._id,
          player.email,
          JSON.stringify({
            firstName: 'Steffi',
            lastName: 'Graf',
            link: `${e2eStack().baseUrl}/`,
            facts: {
              kind: 'booking-cancelled',
              clubName: club.name,
              scope: 'booking',
              slot: { court: '1', date: tomorrow, start: 15, end: 16 },
              reason: 'Platzpflege',
            },
          }),
        ],
      );
    } finally {
      await db.end();
    }
    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    const page = await browser.newPage('phone');
    await openPage(page, '/admin/benachrichtigungen');
    const failed = page.locator('.notice-row--failed');
    await failed.first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await failed.first().innerText()).toContain('451 Mailbox busy');
    await screenshot(page, 'admin-notices-failed');

    await failed.first().getByRole('button', { name: 'Erneut senden' }).click();
    await page.getByText('Die Benachrichtigung wird erneut gesendet.').waitFor({ timeout: UI_TIMEOUT_MS });
    const mail = await waitForMail(
      (m) => m.to.includes(player.email) && m.decoded.includes('Grund: Platzpflege'),
    );
    expect(mail.decoded).toContain('Der Platz wurde gesperrt.');
    await page.close();
  });

  it('an admin sees the push message to the member’s device below the mails, the device named only by its push service', async () => {
    // The member's phone, subscribed as Konto does it; its push service is out of reach here, so
    // the message waits (or has failed an attempt), which is what the admin's list shows.
    const secretPath = `/fcm/send/${randomBytes(8).toString('hex')}`;
    const phone = await request.newContext({ baseURL: e2eStack().baseUrl });
    try {
      expect(
        (await phone.post('/api/login', { data: { email: player.email, password: player.password } })).ok(),
      ).toBe(true);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscribed = await phone.post('/api/account/push-subscriptions', {
        data: {
          endpoint: `https://fcm.googleapis.com${secretPath}`,
          keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
        },
      });
      expect(subscribed.status()).toBe(201);
    } finally {
      await phone.dispose();
    }
    const id = await playerApi.reserve(club._id, { court_num: '4', date: tomorrow, start_time: 16 });
    await adminApi.cancel(club._id, id, tomorrow);

    await browser.freshContext();
    await loginViaApi(browser.context, admin);
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const page = await browser.newPage(viewport);
      await openPage(page, '/admin/benachrichtigungen');
      const pushes = page.getByRole('region', { name: 'Push-Nachrichten' });
      const row = pushes.locator('.notice-row', { hasText: `Buchung abgesagt – ${club.name}` });
      await row.first().waitFor({ timeout: UI_TIMEOUT_MS });
      const text = await row.first().innerText();
      expect(text).toContain('An Steffi Graf, Gerät bei fcm.googleapis.com');
      expect(text).toMatch(/Wartet|Fehlgeschlagen|Zugestellt/);
      expect(await page.locator('body').innerText()).not.toContain(secretPath);
      await expectAccessible(page, `admin-pushes (${viewport})`);
      await pushes.scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-notices-pushes');
      await page.close();
    }
  });

  it('has no serious accessibility problems; screenshots of the account panel and the notices on phone and desktop', async () => {
    const shots = [
      { who: player, name: 'account-notifications', path: '/profile', ready: '.account-section input' },
      { who: admin, name: 'admin-notices', path: '/admin/benachrichtigungen', ready: '.notice-row' },
    ];
    for (const shot of shots) {
      await browser.freshContext();
      await loginViaApi(browser.context, shot.who);
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        const page = await browser.newPage(viewport);
        await openPage(page, shot.path);
        await page.locator(shot.ready).first().waitFor({ timeout: UI_TIMEOUT_MS });
        await expectAccessible(page, `${shot.name} (${viewport})`);
        await screenshot(page, shot.name);
        await page.close();
      }
    }
  });
});
