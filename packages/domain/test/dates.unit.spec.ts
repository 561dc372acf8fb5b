import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  compareIso,
  formatMonthDe,
  mondayOf,
  daysBetween,
  formatDateDe,
  formatHour,
  formatTimeRange,
  isIsoDate,
  isPastSlot,
  localMoment,
  shortWeekdayDe,
  wallClockWithIntl,
  wallClockWithTemporal,
  weekdayOf,
} from '../src/dates';

describe('calendar dates', () => {
  it('validates real calendar days only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-1-1')).toBe(false);
  });

  it('adds days across month, year and clock changes', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('orders ISO dates and date-times as the calendar does', () => {
    const dates = ['2026-11-03', '2025-12-31', '2026-01-10', '2026-11-03', '2026-02-28'];
    expect([...dates].sort(compareIso)).toEqual([
      '2025-12-31',
      '2026-01-10',
      '2026-02-28',
      '2026-11-03',
      '2026-11-03',
    ]);
    expect(compareIso('2026-11-03T09:00:00.000Z', '2026-11-03T10:00:00.000Z')).toBe(-1);
    expect(compareIso('2026-11-03', '2026-11-03')).toBe(0);
  });

  it('knows the weekday', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
  });
});

describe('de-DE formatting', () => {
  it('short weekday and date', () => {
    expect(shortWeekdayDe('2026-11-23')).toBe('Mo.');
    expect(formatDateDe('2026-11-23')).toBe('Mo., 23.11.2026');
    expect(formatDateDe('2026-11-22')).toBe('So., 22.11.2026');
  });

  it('hours and ranges', () => {
    expect(formatHour(8)).toBe('08:00');
    expect(formatHour(17)).toBe('17:00');
    expect(formatTimeRange(8, 10)).toBe('8-10 Uhr');
  });
});

describe('club-local now', () => {
  it('is Berlin time on either side of the clock changes', () => {
    // 2026-03-29 01:30 UTC is 03:30 CEST (clocks went forward at 02:00 local).
    expect(localMoment(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      hour: 3,
    });
    // 2026-10-25 00:30 UTC is 02:30 CEST; 01:30 UTC is 02:30 CET (the hour happens twice).
    expect(localMoment(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      hour: 2,
    });
    expect(localMoment(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-10-25',
      hour: 2,
    });
    expect(localMoment(new Date('2026-11-22T23:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-11-23',
      hour: 0,
    });
  });

  it('a slot is past once its hour has begun, truncated to the full hour', () => {
    const now = { date: '2026-11-23', hour: 14 };
    expect(isPastSlot('2026-11-23', 13, now)).toBe(true);
    expect(isPastSlot('2026-11-23', 14, now)).toBe(false);
    expect(isPastSlot('2026-11-22', 20, now)).toBe(true);
    expect(isPastSlot('2026-11-24', 0, now)).toBe(false);
  });
});

describe('month arithmetic for the calendar', () => {
  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-11-23', 1)).toBe('2026-12-23');
    expect(addMonths('2026-12-31', 2)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', -15)).toBe('2024-12-15');
  });

  it('finds the Monday of a week, Sunday being its last day', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-01')).toBe('2026-10-26');
  });

  it('names the month in German', () => {
    expect(formatMonthDe('2026-03-01')).toBe('März 2026');
    expect(formatMonthDe('2026-12-31')).toBe('Dezember 2026');
  });
});

describe('the wall clock through Temporal', () => {
  const zones = [
    'Europe/Berlin',
    'Europe/London',
    'America/New_York',
    'America/Sao_Paulo',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'Pacific/Apia',
    'UTC',
  ];

  it('reads what Intl reads, on either side of every clock change', () => {
    // Every 20 minutes through the weeks around 2026's changes (and Apia's skipped day in 2011).
    const starts = [
      '2026-03-27T00:00:00Z',
      '2026-10-23T00:00:00Z',
      '2026-04-03T00:00:00Z',
      '2011-12-28T00:00:00Z',
    ];
    for (const timeZone of zones) {
      for (const start of starts) {
        for (let step = 0; step < 3 * 24 * 3; step++) {
          const instant = new Date(Date.parse(start) + step * 20 * 60_000 + 7_000);
          expect(wallClockWithTemporal(Temporal, instant, timeZone)).toEqual(
            wallClockWithIntl(instant, timeZone),
          );
        }
      }
    }
  });

  it('reads what Intl reads at any instant from 1970 to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, timeZone) => {
          expect(wallClockWithTemporal(Temporal, instant, timeZone)).toEqual(
            wallClockWithIntl(instant, timeZone),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses an unknown time zone as Intl does', () => {
    const instant = new Date('2026-11-25T12:00:00Z');
    expect(() => wallClockWithTemporal(Temporal, instant, 'Europe/Atlantis')).toThrow(RangeError);
    expect(() => wallClockWithIntl(instant, 'Europe/Atlantis')).toThrow(RangeError);
  });
});
