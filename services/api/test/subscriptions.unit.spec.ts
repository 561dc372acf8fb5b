import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Alarm } from '../src/events/append-listener';
import {
  checkSubscriptionNames,
  compareCursors,
  defaultTiming,
  idleDelayMs,
  retryDelayMs,
} from '../src/events/subscriptions';

describe('a failing handler is retried with growing pauses', () => {
  const timing = { retryFirstMs: 100, retryMaxMs: 1_000 };

  it('doubles from the first pause', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, timing))).toEqual([100, 200, 400, 800]);
  });

  it('never waits longer than the cap, however often it failed', () => {
    expect(retryDelayMs(5, timing)).toBe(1_000);
    expect(retryDelayMs(10_000, timing)).toBe(1_000);
  });
});

describe('an idle subscription', () => {
  const timing = { pollMs: 5_000, settleMs: 50, settleWindowMs: 2_000 };

  it('looks again soon while a notified event may still be waiting for older transactions', () => {
    expect(idleDelayMs(10_000, 9_000, timing)).toBe(50);
  });

  it('falls back to the poll interval once notifications have stopped', () => {
    expect(idleDelayMs(10_000, 7_000, timing)).toBe(5_000);
    expect(idleDelayMs(10_000, Number.NEGATIVE_INFINITY, timing)).toBe(5_000);
  });

  it('never looks less often when the poll interval is shorter than the settle pause', () => {
    expect(idleDelayMs(10_000, 9_999, { ...timing, pollMs: 20 })).toBe(20);
  });
});

describe('cursors compare in the readers’ order', () => {
  it('by transaction first, then position', () => {
    expect(
      compareCursors({ transaction_id: '500', position: 101 }, { transaction_id: '501', position: 100 }),
    ).toBe(-1);
    expect(
      compareCursors({ transaction_id: '501', position: 100 }, { transaction_id: '500', position: 101 }),
    ).toBe(1);
    expect(
      compareCursors({ transaction_id: '500', position: 7 }, { transaction_id: '500', position: 9 }),
    ).toBe(-1);
    expect(
      compareCursors({ transaction_id: '500', position: 9 }, { transaction_id: '500', position: 9 }),
    ).toBe(0);
  });

  it('transaction ids beyond a JS number (xid8 grows past 2^53 over the years)', () => {
    const big = { transaction_id: '18446744073709551000', position: 1 };
    const bigger = { transaction_id: '18446744073709551001', position: 1 };
    expect(compareCursors(big, bigger)).toBe(-1);
    expect(compareCursors(bigger, big)).toBe(1);
  });
});

describe('subscription names', () => {
  it('accepts distinct, well-formed names', () => {
    expect(() =>
      checkSubscriptionNames([{ name: 'mail.notifications' }, { name: 'calendar-feed_2' }]),
    ).not.toThrow();
  });

  it('refuses a name used twice, since both would share one checkpoint', () => {
    expect(() => checkSubscriptionNames([{ name: 'mail' }, { name: 'mail' }])).toThrow(/used twice/);
  });

  it('refuses names that are not lower-case words', () => {
    expect(() => checkSubscriptionNames([{ name: 'Mail' }])).toThrow(/must match/);
    expect(() => checkSubscriptionNames([{ name: '' }])).toThrow(/must match/);
  });
});

describe('the alarm a subscription sleeps on', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    return done;
  };

  it('ends a sleep at its timeout when nobody rings', async () => {
    const alarm = new Alarm();
    const sleeping = alarm.sleep(1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(sleeping)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(sleeping)).toBe(true);
  });

  it('ends a sleep at once when rung', async () => {
    const alarm = new Alarm();
    const sleeping = alarm.sleep(defaultTiming.pollMs);
    alarm.ring();
    expect(await settled(sleeping)).toBe(true);
  });

  it('keeps a ring that came while awake for the next sleep, once', async () => {
    const alarm = new Alarm();
    alarm.ring();
    alarm.ring();
    expect(await settled(alarm.sleep(1_000))).toBe(true);
    expect(await settled(alarm.sleep(1_000))).toBe(false);
  });
});
