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

/** The notifications the worker's registration shows, once one of them has the given title. */
async function shownNotifications(
  page: Page,
  title: string,
  timeout = UI_TIMEOUT_MS,
): Promise<ShownNotification[]> {
  const deadline = Date.now() + timeout;
  for (;;) {
    // The check is async, and waitForFunction may take its pending promise for an answer and
    // hand back null: asked again until the answer holds the title.
    const handle = await page.waitForFunction(
      async (wanted) => {
        const registration = await navigator.serviceWorker.ready;
        const shown = await registration.getNotifications();
        if (!shown.some((notification) => notification.title === wanted)) return null;
        return shown.map(({ title, body, lang, icon, data }) => ({
          title,
          body,
          lang,
          icon,
          data: data as unknown,
        }));
      },
      title,
      { timeout, polling: 100 },
    );
    const shown = (await handle.jsonValue()) as ShownNotification[] | null;
    if (shown) return shown;
    if (Date.now() > deadline) throw new Error(`no notification „${title}“ shown`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Hands the payload to the worker as a push service would, and waits for its notification. Now and
 * then a push the DevTools protocol hands over shows nothing and says no error (once in a CI run
 * here, and in local runs), so an unshown one is handed over again, up to three times;
 * a retried delivery may show it twice, which the checks below allow.
 */
async function pushed(
  page: Page,
  cdp: CDPSession,
  target: { origin: string; registrationId: string },
  payload: { title: string; body: string; url: string },
): Promise<ShownNotification[]> {
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { ...target, data: JSON.stringify(payload) });
    try {
      return await shownNotifications(page, payload.title, attempt < 3 ? 5_000 : UI_TIMEOUT_MS);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
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
    const target = { origin: new URL(base).origin, registrationId: id };

    const shown = (await pushed(page, cdp, target, { ...text, url })).find((n) => n.title === text.title);
    expect(shown).toEqual({
      title: text.title,
      body: text.body,
      lang: 'de',
      icon: new URL('/icon-192.png', base).href,
      data: { url: `${hostPaths.reservations}${dayQuery(day)}` },
    });
    expect(text.title).toBe('Als Mitspieler eingetragen – TC Grün');

    // A second one, whose link leads elsewhere: only its path is kept. (A message of another shape
    // shows nothing: push-message.unit.spec.ts; Chromium answers such a push with a line of its own.)
    const second = { title: 'Zweite', body: 'Nachricht', url: 'https://elsewhere.example/bookings' };
    const after = await pushed(page, cdp, target, second);
    // Only ours count, each once: Chromium may add a line of its own.
    const ours = new Map(
      after.filter((n) => [text.title, second.title].includes(n.title)).map((n) => [n.title, n.data]),
    );
    expect([...ours]).toEqual([
      [text.title, { url: `${hostPaths.reservations}${dayQuery(day)}` }],
      ['Zweite', { url: '/bookings' }],
    ]);
  });
});
