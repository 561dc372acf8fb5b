import { describe, expect, it } from 'vitest';
import {
  cancelDeadline,
  clubDayEnd,
  clubDayStart,
  clubInstant,
  clubNow,
  clubWallClock,
  formatWallClockDe,
  isBeyondHorizon,
  isPastSlot,
  isTimeZone,
  lastDayWithinHorizon,
  mayStillCancel,
  slotStart,
} from '../src/club-time';

const BERLIN = 'Europe/Berlin';
const KIRITIMATI = 'Pacific/Kiritimati'; // UTC+14
const PAGO_PAGO = 'Pacific/Pago_Pago'; // UTC−11
const rules = (cancel_deadline_hours: number, time_zone = BERLIN) => ({ time_zone, cancel_deadline_hours });

describe('two clubs on opposite sides of the date line, at the same instant', () => {
  const instant = new Date('2026-11-23T12:00:00Z');

  it('see a different "today"', () => {
    expect(clubNow(KIRITIMATI, instant)).toEqual({ date: '2026-11-24', hour: 2 });
    expect(clubNow(PAGO_PAGO, instant)).toEqual({ date: '2026-11-23', hour: 1 });
  });

  it('see different hours as past', () => {
    const kiritimati = clubNow(KIRITIMATI, instant);
    const pagoPago = clubNow(PAGO_PAGO, instant);
    // 23 November is over in Kiritimati and has just begun in Pago Pago.
    expect(isPastSlot('2026-11-23', 20, kiritimati)).toBe(true);
    expect(isPastSlot('2026-11-23', 20, pagoPago)).toBe(false);
    expect(isPastSlot('2026-11-23', 0, pagoPago)).toBe(true);
    expect(isPastSlot('2026-11-23', 1, pagoPago)).toBe(false);
    expect(isPastSlot('2026-11-24', 1, kiritimati)).toBe(true);
    expect(isPastSlot('2026-11-24', 2, kiritimati)).toBe(false);
  });

  it('count their horizon from their own today', () => {
    const horizon = { booking_horizon_days: 1 };
    expect(isBeyondHorizon(horizon, '2026-11-25', clubNow(KIRITIMATI, instant))).toBe(false);
    expect(isBeyondHorizon(horizon, '2026-11-25', clubNow(PAGO_PAGO, instant))).toBe(true);
  });
});

describe('the days the clocks change in Europe/Berlin', () => {
  it('has no 02:00 hour on 29 March: 01:00 and 03:00 are one real hour apart', () => {
    expect(slotStart(BERLIN, '2026-03-29', 1).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(slotStart(BERLIN, '2026-03-29', 3).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // A time the wall skips lands an hour later, as clocks do.
    expect(clubWallClock(BERLIN, slotStart(BERLIN, '2026-03-29', 2)).time).toBe('03:00:00');
    expect(clubDayEnd(BERLIN, '2026-03-29').getTime() - clubDayStart(BERLIN, '2026-03-29').getTime()).toBe(
      23 * 3_600_000,
    );
  });

  it('has 02:00 twice on 25 October, the day lasts 25 hours, and the earlier 02:00 is the slot', () => {
    expect(slotStart(BERLIN, '2026-10-25', 2).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(clubNow(BERLIN, new Date('2026-10-25T00:30:00Z'))).toEqual({ date: '2026-10-25', hour: 2 });
    expect(clubNow(BERLIN, new Date('2026-10-25T01:30:00Z'))).toEqual({ date: '2026-10-25', hour: 2 });
    expect(clubDayEnd(BERLIN, '2026-10-25').getTime() - clubDayStart(BERLIN, '2026-10-25').getTime()).toBe(
      25 * 3_600_000,
    );
  });

  it('counts a cancellation deadline in real hours across the spring change', () => {
    // 04:00 CEST is 02:00 UTC; three real hours earlier is 23:00 UTC, i.e. midnight CET.
    expect(cancelDeadline(rules(3), '2026-03-29', 4)).toEqual({ date: '2026-03-29', time: '00:00:00' });
    expect(mayStillCancel(rules(3), '2026-03-29', 4, { date: '2026-03-28', hour: 23 })).toBe(true);
    expect(mayStillCancel(rules(3), '2026-03-29', 4, { date: '2026-03-29', hour: 0 })).toBe(false);
  });

  it('counts a cancellation deadline in real hours across the autumn change', () => {
    // 04:00 CET is 03:00 UTC; three real hours earlier is 00:00 UTC, the first 02:00 CEST.
    expect(cancelDeadline(rules(3), '2026-10-25', 4)).toEqual({ date: '2026-10-25', time: '02:00:00' });
    expect(mayStillCancel(rules(3), '2026-10-25', 4, { date: '2026-10-25', hour: 1 })).toBe(true);
    expect(mayStillCancel(rules(3), '2026-10-25', 4, { date: '2026-10-25', hour: 2 })).toBe(false);
  });

  it('finds a wall-clock time in the doubled hour at its first occurrence', () => {
    expect(clubInstant(BERLIN, { date: '2026-10-25', time: '02:30:00' }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });
});

describe('the cancellation deadline', () => {
  it('is the start itself without a deadline of the club: cancelling works until the hour begins', () => {
    expect(mayStillCancel(rules(0), '2026-11-24', 17, { date: '2026-11-24', hour: 16 })).toBe(true);
    expect(mayStillCancel(rules(0), '2026-11-24', 17, { date: '2026-11-24', hour: 17 })).toBe(false);
    expect(cancelDeadline(rules(0), '2026-11-24', 17)).toEqual({ date: '2026-11-24', time: '17:00:00' });
  });

  it('reaches back over midnight and is written in German', () => {
    const deadline = cancelDeadline(rules(24), '2026-11-25', 17);
    expect(formatWallClockDe(deadline)).toBe('Di., 24.11.2026, 17:00 Uhr');
    expect(mayStillCancel(rules(24), '2026-11-25', 17, { date: '2026-11-24', hour: 16 })).toBe(true);
    expect(mayStillCancel(rules(24), '2026-11-25', 17, { date: '2026-11-24', hour: 17 })).toBe(false);
  });

  it('is the club zone’s: the same wall hours give the same answer in Kiritimati', () => {
    expect(cancelDeadline(rules(2, KIRITIMATI), '2026-11-24', 8)).toEqual({
      date: '2026-11-24',
      time: '06:00:00',
    });
  });
});

describe('the booking horizon', () => {
  it('is unlimited without one', () => {
    expect(lastDayWithinHorizon({ booking_horizon_days: null }, '2026-11-23')).toBeNull();
    expect(
      isBeyondHorizon({ booking_horizon_days: null }, '2030-01-01', { date: '2026-11-23', hour: 9 }),
    ).toBe(false);
  });

  it('allows today and the next n days', () => {
    const now = { date: '2026-11-23', hour: 9 };
    expect(lastDayWithinHorizon({ booking_horizon_days: 14 }, now.date)).toBe('2026-12-07');
    expect(isBeyondHorizon({ booking_horizon_days: 14 }, '2026-12-07', now)).toBe(false);
    expect(isBeyondHorizon({ booking_horizon_days: 14 }, '2026-12-08', now)).toBe(true);
  });
});

describe('time zone names', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone(KIRITIMATI)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });
});
