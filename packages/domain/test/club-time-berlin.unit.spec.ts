import { describe, expect, it } from 'vitest';
import { clubDayEnd, clubDayStart, clubInstant, clubWallClock, formatInstantDe } from '../src/club-time';

const BERLIN = 'Europe/Berlin';

describe('club-local time (Europe/Berlin)', () => {
  it('reads a winter wall-clock time as UTC+1 and a summer one as UTC+2', () => {
    expect(clubInstant(BERLIN, { date: '2026-01-15', time: '10:30:00' }).toISOString()).toBe(
      '2026-01-15T09:30:00.000Z',
    );
    expect(clubInstant(BERLIN, { date: '2026-07-15', time: '10:30:00' }).toISOString()).toBe(
      '2026-07-15T08:30:00.000Z',
    );
  });

  it('takes the earlier of the hour that occurs twice in autumn', () => {
    expect(clubInstant(BERLIN, { date: '2026-10-25', time: '02:30:00' }).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('moves a time skipped in spring one hour on, as clocks do', () => {
    expect(clubWallClock(BERLIN, clubInstant(BERLIN, { date: '2026-03-29', time: '02:30:00' }))).toEqual({
      date: '2026-03-29',
      time: '03:30:00',
    });
  });

  it('round-trips every hour of a clock-change day', () => {
    for (let hour = 0; hour < 24; hour++) {
      if (hour === 2) continue;
      const time = `${String(hour).padStart(2, '0')}:15:07`;
      expect(clubWallClock(BERLIN, clubInstant(BERLIN, { date: '2026-03-29', time }))).toEqual({
        date: '2026-03-29',
        time,
      });
    }
  });

  it('spans a whole club day for the log filter, the end exclusive', () => {
    expect(clubDayStart(BERLIN, '2026-11-23').toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(clubDayEnd(BERLIN, '2026-11-23').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(clubDayEnd(BERLIN, '2026-03-28').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(clubDayEnd(BERLIN, '2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('writes instants in German with the short weekday, with seconds when asked', () => {
    expect(formatInstantDe(BERLIN, '2026-11-23T13:03:05.000Z')).toBe('Mo., 23.11.2026, 14:03 Uhr');
    expect(formatInstantDe(BERLIN, '2026-11-23T13:03:05.000Z', true)).toBe('Mo., 23.11.2026, 14:03:05 Uhr');
    // Late evening UTC is already the next day in Berlin.
    expect(formatInstantDe(BERLIN, '2026-11-23T23:30:00.000Z')).toBe('Di., 24.11.2026, 00:30 Uhr');
  });
});
