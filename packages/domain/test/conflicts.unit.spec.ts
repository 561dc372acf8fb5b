import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/dates';
import { findConflict, firstCommonOccurrence, type Booking } from '../src/conflicts';
import { occursOn } from '../src/recurrence';
import type { IsoDate, Reservation } from '../src/types';
import { row } from './reservations/support/fixtures';

const today = '2026-11-23';
const booking = (fields: Partial<Booking> = {}): Booking => ({ ...row({ _id: 'new' }), ...fields });

describe('when the court is free', () => {
  it('finds nothing on another court, in the next hour or on another day', () => {
    const existing = [
      row({ _id: 'a', court_num: '2' }),
      row({ _id: 'b', start_time: 11, end_time: 12 }),
      row({ _id: 'c', date: '2026-11-24' }),
    ];
    expect(findConflict(booking(), existing, today)).toBeNull();
  });

  it('does not compare with itself or with another club', () => {
    expect(findConflict(row({ _id: 'a' }), [row({ _id: 'a' })], today)).toBeNull();
    expect(findConflict(booking(), [row({ club_id: 'club-2' })], today)).toBeNull();
  });
});

describe('when a single reservation holds the court', () => {
  it('names the date and the first hour both occupy', () => {
    const existing = row({ start_time: 10, end_time: 12 });
    expect(findConflict(booking({ start_time: 11, end_time: 14 }), [existing], today)).toEqual({
      reservation: existing,
      date: today,
      hour: 11,
    });
    expect(findConflict(booking({ start_time: 8, end_time: 11 }), [existing], today)?.hour).toBe(10);
  });

  it('refuses a new weekly series that would run into a future single reservation', () => {
    const later = row({ date: '2026-12-14' });
    expect(findConflict(booking({ recurring: true }), [later], today)).toMatchObject({ date: '2026-12-14' });
  });

  it('lets a series start after a reservation of an earlier day', () => {
    expect(findConflict(booking({ recurring: true }), [row({ date: '2026-11-16' })], today)).toBeNull();
  });
});

describe('when a weekly series holds the court', () => {
  const series = row({ _id: 'series', date: '2026-01-05', recurring: true });

  it('refuses a single reservation on one of its later days', () => {
    expect(findConflict(booking({ date: '2026-12-07' }), [series], today)?.date).toBe('2026-12-07');
  });

  it('allows that day once the occurrence was cancelled', () => {
    const gap = { ...series, deleted_dates: ['2026-12-07'] };
    expect(findConflict(booking({ date: '2026-12-07' }), [gap], today)).toBeNull();
  });

  it('allows its end date and later once the series has ended', () => {
    const ended = { ...series, end_date: '2026-12-07' };
    expect(findConflict(booking({ date: '2026-12-07', recurring: true }), [ended], today)).toBeNull();
    expect(findConflict(booking({ date: '2026-11-30', recurring: true }), [ended], today)?.date).toBe(
      '2026-11-30',
    );
  });

  it('meets another series on the same weekday at the later start, but never one on another weekday', () => {
    expect(findConflict(booking({ date: '2027-03-01', recurring: true }), [series], today)?.date).toBe(
      '2027-03-01',
    );
    expect(findConflict(booking({ date: '2026-11-24', recurring: true }), [series], today)).toBeNull();
  });

  it('looks only at today and later', () => {
    expect(findConflict(booking({ date: '2026-01-05', recurring: true }), [series], today)?.date).toBe(today);
  });

  it('reports the earliest of several conflicts, then the earliest hour', () => {
    const early = row({ _id: 'early', date: '2026-11-30', start_time: 12, end_time: 13 });
    const earlier = row({ _id: 'earlier', date: '2026-11-30', start_time: 11, end_time: 12 });
    const latest = row({ _id: 'latest', date: '2026-12-07', start_time: 10, end_time: 11 });
    const candidate = booking({ date: '2026-11-30', recurring: true, start_time: 10, end_time: 13 });
    expect(findConflict(candidate, [latest, early, earlier], today)).toMatchObject({
      reservation: { _id: 'earlier' },
      date: '2026-11-30',
      hour: 11,
    });
  });
});

describe('two open weekly series', () => {
  it('are compared week by week only as far as needed, however many dates were cancelled', () => {
    const weeks = 5000;
    const cancelled = Array.from({ length: weeks }, (_, i) => addDays('2026-01-05', 7 * i));
    const sparse = row({ date: '2026-01-05', recurring: true, deleted_dates: cancelled });
    const started = performance.now();
    expect(
      firstCommonOccurrence(sparse, booking({ date: '2026-01-05', recurring: true }), '2026-01-05'),
    ).toBe(addDays('2026-01-05', 7 * weeks));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('leapfrog quickly when each cancelled the weeks the other keeps', () => {
    const weeks = 10_000;
    const week = (i: number) => addDays('2026-01-05', 7 * i);
    const even = Array.from({ length: weeks / 2 }, (_, i) => week(2 * i));
    const odd = Array.from({ length: weeks / 2 }, (_, i) => week(2 * i + 1));
    const a = row({ date: '2026-01-05', recurring: true, deleted_dates: even });
    const b = row({ date: '2026-01-05', recurring: true, deleted_dates: odd });
    const started = performance.now();
    expect(firstCommonOccurrence(a, b, '2026-01-05')).toBe(week(weeks));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stop at once when their weekdays differ', () => {
    expect(
      firstCommonOccurrence(row({ recurring: true }), row({ date: '2026-11-24', recurring: true }), today),
    ).toBeNull();
  });
});

describe('agrees with a day-by-day search', () => {
  const BASE = '2026-11-02';
  /** Every date below lies within BASE + 27 + 70 days; any two open series meet within a week after. */
  const HORIZON = addDays(BASE, 200);

  const reservationArb = fc
    .record({
      _id: fc.uuid(),
      club_id: fc.constantFrom('club-1', 'club-1', 'club-1', 'club-2'),
      court_num: fc.constantFrom('1', '2'),
      start_time: fc.integer({ min: 8, max: 11 }),
      duration: fc.integer({ min: 1, max: 3 }),
      start: fc.integer({ min: 0, max: 27 }),
      recurring: fc.boolean(),
      deletedWeeks: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 5 }),
      end: fc.option(fc.integer({ min: 1, max: 70 }), { nil: null }),
    })
    .map(({ duration, start, deletedWeeks, end, ...fields }): Reservation => {
      const date = addDays(BASE, start);
      return {
        ...fields,
        user_id: 'u',
        end_time: fields.start_time + duration,
        date,
        label: null,
        deleted_dates: deletedWeeks.map((w) => addDays(date, 7 * w)),
        end_date: end === null ? null : addDays(date, end),
      };
    });

  function bruteForce(candidate: Reservation, existing: Reservation[], from: IsoDate) {
    for (let day = from; day <= HORIZON; day = addDays(day, 1)) {
      if (!occursOn(candidate, day)) continue;
      const hours = existing
        .filter(
          (other) =>
            other._id !== candidate._id &&
            other.club_id === candidate.club_id &&
            other.court_num === candidate.court_num &&
            other.start_time < candidate.end_time &&
            candidate.start_time < other.end_time &&
            occursOn(other, day),
        )
        .map((other) => Math.max(other.start_time, candidate.start_time));
      if (hours.length > 0) return { date: day, hour: Math.min(...hours) };
    }
    return null;
  }

  it('finds the same first date and hour', () => {
    fc.assert(
      fc.property(
        reservationArb,
        fc.array(reservationArb, { maxLength: 6 }),
        fc.integer({ min: 0, max: 40 }),
        (candidate, existing, todayOffset) => {
          const from = addDays(BASE, todayOffset);
          const found = findConflict(candidate, existing, from);
          expect(found && { date: found.date, hour: found.hour }).toEqual(
            bruteForce(candidate, existing, from),
          );
          if (found) expect(occursOn(found.reservation, found.date)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  }, 30_000);
});
