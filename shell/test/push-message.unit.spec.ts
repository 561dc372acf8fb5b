import { describe, expect, it } from 'vitest';
import { openApp, openedPath, pushNotification, type AppWindows } from '../src/sw/push-message';

describe('a push message', () => {
  it('shows its title and words, and a tap opens the day it names in this app', () => {
    const shown = pushNotification({
      title: 'Platz frei',
      body: 'Platz 2, Di., 01.12.2026, 18-19 Uhr',
      url: 'https://platz.example.de/reservations?date=2026-12-01',
    });
    expect(shown).toEqual({
      title: 'Platz frei',
      options: {
        body: 'Platz 2, Di., 01.12.2026, 18-19 Uhr',
        lang: 'de',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        data: { url: '/reservations?date=2026-12-01' },
      },
    });
  });

  it('never leads to another site: only the path of an address is kept', () => {
    expect(openedPath({ url: 'https://evil.example/phish?x=1' })).toBe('/phish?x=1');
    expect(openedPath({ url: '//evil.example/x' })).toBe('/x');
    expect(openedPath({ url: '/bookings' })).toBe('/bookings');
    expect(openedPath({})).toBe('/reservations');
    expect(openedPath(null)).toBe('/reservations');
  });

  it('shows nothing for a message that is not ours', () => {
    expect(pushNotification(null)).toBeNull();
    expect(pushNotification({ title: 'x' })).toBeNull();
    expect(pushNotification('Platz frei')).toBeNull();
  });
});

/** The worker's windows as a list of addresses, recording what a tap did with them. */
function fakeWindows(urls: string[]) {
  const done: string[] = [];
  const windows: AppWindows = {
    matchAll: async () =>
      urls.map((url) => ({
        url,
        navigate: async (target: string) => done.push(`navigate ${url} → ${target}`),
        focus: async () => done.push(`focus ${url}`),
      })),
    openWindow: async (target) => done.push(`open ${target}`),
  };
  return { windows, done };
}

// A notification cannot be clicked in headless Chromium (no DevTools command for it), so the
// worker's click handler is this function, tested here; tests/push.e2e.spec.ts shows the notification.
describe('a tap on a push', () => {
  const origin = 'https://platz.example.de';

  it('takes the app’s open window to the day and brings it to the front', async () => {
    const { windows, done } = fakeWindows(['https://other.example/x', `${origin}/bookings`]);
    await openApp(windows, origin, '/reservations?date=2026-12-01');
    expect(done).toEqual([
      `navigate ${origin}/bookings → ${origin}/reservations?date=2026-12-01`,
      `focus ${origin}/bookings`,
    ]);
  });

  it('opens a new window of the app when none is open, never another site’s', async () => {
    const { windows, done } = fakeWindows(['https://other.example/x']);
    await openApp(windows, origin, openedPath({ url: 'https://evil.example/bookings' }));
    expect(done).toEqual([`open ${origin}/bookings`]);
  });
});
