import { describe, expect, it } from 'vitest';
import { LagClock, lsnValue } from '../src/db/lagging-reads';

describe('the replica’s lag, by WAL positions', () => {
  it('orders WAL positions by both of their halves', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBeGreaterThan(lsnValue('0/FFFFFFFF'));
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('is the age of the oldest primary position the replica has not replayed', () => {
    const clock = new LagClock();
    expect(clock.lagMs(100n, 100n, 0)).toBe(0);
    // The primary moves on; the replica stays behind.
    expect(clock.lagMs(200n, 100n, 1_000)).toBe(0);
    expect(clock.lagMs(300n, 150n, 3_000)).toBe(2_000);
    // It replayed what the primary had at 1 s, not yet what it had at 3 s.
    expect(clock.lagMs(300n, 250n, 4_000)).toBe(1_000);
    expect(clock.lagMs(300n, 300n, 5_000)).toBe(0);
  });

  it('does not grow while the primary writes nothing, however long ago it last did', () => {
    const clock = new LagClock();
    for (let at = 0; at <= 3_600_000; at += 60_000) expect(clock.lagMs(500n, 500n, at)).toBe(0);
  });
});
