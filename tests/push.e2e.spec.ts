/**
 * A push reaching the app's real service worker in Chromium (docs/architecture/push.md, "In the
 * browser"). Chromium here cannot reach a push service (no internet: `pushManager.subscribe` needs
 * Google's), so the message is handed to the worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), exactly as the push service would hand over the decrypted
 * payload: the JSON the mailer sends. What is real: the worker's push handler, the browser's
 * notification and its data. What is not: the subscription and the push service in between (the
 * integration test's own push service covers the encryption and VAPID).
 */
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NoticeFacts } from '@platzbuchung/domain/mail/notices';
import { pushText } from '@platzbuchung/domain/push/messages';
import { dayQuery } from '@platzbuchung/domain/reservations/day-address';
import { hostPaths } from '@platzbuchung/host/contract';
import { e2eStack, openPage, UI_TIMEOUT_MS, useChromium } from './support';
import { clubDay } from './support/reservations-api';

const browser = useChromium({ serviceWorkers: 'allow' });

interface ShownNotification {
  title: string;
  body: string;
  lang: string;
  icon: string;
  data: unknown;
}

/** The registration id Chromium gives the app's worker, as the ServiceWorker domain reports it. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((entry) => entry.scopeURL === scope && !entry.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the worker's registration shows now, waited for until there are `count`. */
async function shownNotifications(page: Page, count: number): Promise<ShownNotification[]> {
  const handle = await page.waitForFunction(
    async (expected) => {
      const registration = await navigator.serviceWorker.ready;
      const shown = await registration.getNotifications();
      if (shown.length < expected) return null;
      return shown.map(({ title, body, lang, icon, data }) => ({
        title,
        body,
        lang,
        icon,
        data: data as unknown,
      }));
    },
    count,
    { timeout: UI_TIMEOUT_MS, polling: 100 },
  );
  return (await handle.jsonValue()) as ShownNotification[];
}

describe('push', () => {
  it('shows the mailer’s message as a notification, which keeps only the app’s path to open', async () => {
    const base = e2eStack().baseUrl;
    await browser.context.grantPermissions(['notifications'], { origin: base });
    const page = await browser.newPage('phone');
    await openPage(page, hostPaths.landing);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await browser.context.newCDPSession(page);
    const id = await registrationId(cdp, new URL('/', base).href);

    // The payload as the mailer sends it: pushText's words and the notice's link to the day.
    const day = clubDay(2);
    const facts: NoticeFacts = {
      kind: 'co-player-named',
      clubName: 'TC Grün',
      slot: { date: day, start: 18, end: 19, court: '2' },
      booker: 'booker-id',
    };
    const text = pushText(facts);
    if (!text) throw new Error('pushText gave no words for co-player-named');
    const url = `${base}${hostPaths.reservations}${dayQuery(day)}`;
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(base).origin,
      registrationId: id,
      data: JSON.stringify({ ...text, url }),
    });

    const [shown] = await shownNotifications(page, 1);
    expect(shown).toEqual({
      title: text.title,
      body: text.body,
      lang: 'de',
      icon: new URL('/icon-192.png', base).href,
      data: { url: `${hostPaths.reservations}${dayQuery(day)}` },
    });
    expect(text.title).toBe('Als Mitspieler eingetragen – TC Grün');

    // A message that is not ours shows nothing: still the one notification.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(base).origin,
      registrationId: id,
      data: JSON.stringify({ hello: 'world' }),
    });
    // A second, valid one proves the worker handled the odd one before it (pushes arrive in order).
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(base).origin,
      registrationId: id,
      data: JSON.stringify({ title: 'Zweite', body: 'Nachricht', url: 'https://elsewhere.example/bookings' }),
    });
    const after = await shownNotifications(page, 2);
    expect(after.map((notification) => [notification.title, notification.data])).toEqual([
      [text.title, { url: `${hostPaths.reservations}${dayQuery(day)}` }],
      ['Zweite', { url: '/bookings' }],
    ]);
  });
});
