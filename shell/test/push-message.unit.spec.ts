import { describe, expect, it } from 'vitest';
import { openedPath, pushNotification } from '../src/sw/push-message';

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
