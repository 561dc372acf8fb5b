/** The key a booking is sent with, so sending it again after a failover books it once. */
import { describe, expect, it } from 'vitest';
import { keysPerBody } from '../src/api/client';

describe('keys per body', () => {
  it('keep the key for the same booking and make a new one for a changed booking', () => {
    const keyFor = keysPerBody();
    const booking = { court_num: '1', date: '2026-12-01', start_time: 10, end_time: 11 };
    const first = keyFor(booking);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ ...booking })).toBe(first);
    expect(keyFor({ ...booking, start_time: 11, end_time: 12 })).not.toBe(first);
  });

  it('differ between two popups for the same booking', () => {
    const booking = { court_num: '1', date: '2026-12-01', start_time: 10, end_time: 11 };
    expect(keysPerBody()(booking)).not.toBe(keysPerBody()(booking));
  });
});
