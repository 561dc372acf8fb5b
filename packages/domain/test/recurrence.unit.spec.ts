import fc from 'fast-check';
import { RRule, RRuleSet } from 'rrule';
import { describe, expect, it } from 'vitest';
import { addDays } from '../src/dates';
import {
  cancelledOccurrences,
  countsTowardLimit,
  hasAnyOccurrence,
  nextOccurrence,
  occurrencesBetween,
  occursBetween,
  occursOn,
  scheduleFrom,
  type Schedule,
} from '../src/recurrence';
import type { IsoDate } from '../src/types';

const monday = '2026-11-23';
const series = (fields: Partial<Schedule> = {}): Schedule => ({
  date: monday,
  recurring: true,
  deleted_dates: [],
  end_date: null,
  ...fields,
});

describe('a single reservation', () => {
  const single = series({ recurring: false });

  it('occurs on its own date only', () => {
    expect(occursOn(single, monday)).toBe(true);
    expect(occursOn(single, '2026-11-30')).toBe(false);
    expect(occursOn(single, '2026-11-16')).toBe(false);
  });

  it('is found in a range that includes its date at either end', () => {
    expect(occursBetween(single, monday, monday)).toBe(true);
    expect(occursBetween(single, '2026-11-20', monday)).toBe(true);
    expect(occursBetween(single, '2026-11-24', '2026-12-31')).toBe(false);
    expect(nextOccurrence(single, '2026-11-24')).toBeNull();
  });
});

describe('a weekly series', () => {
  it('occurs on its date and every later day of the same weekday', () => {
    expect(occursOn(series(), monday)).toBe(true);
    expect(occursOn(series(), '2026-11-30')).toBe(true);
    expect(occursOn(series(), '2027-11-22')).toBe(true);
    expect(occursOn(series(), '2026-11-16')).toBe(false);
    expect(occursOn(series(), '2026-11-24')).toBe(false);
  });

  it('crosses the clock changes and the end of the year without drifting', () => {
    expect(occursOn(series({ date: '2026-10-18' }), '2026-10-25')).toBe(true);
    expect(occursOn(series({ date: '2026-03-22' }), '2026-03-29')).toBe(true);
    expect(occurrencesBetween(series(), '2026-12-20', '2027-01-10')).toEqual([
      '2026-12-21',
      '2026-12-28',
      '2027-01-04',
    ]);
  });

  it('skips a deleted date, the first one included', () => {
    const withGaps = series({ deleted_dates: [monday, '2026-12-07'] });
    expect(occursOn(withGaps, monday)).toBe(false);
    expect(occursOn(withGaps, '2026-12-07')).toBe(false);
    expect(nextOccurrence(withGaps, monday)).toBe('2026-11-30');
    expect(nextOccurrence(withGaps, '2026-12-01')).toBe('2026-12-14');
  });

  it('ends before its end date: the end date itself no longer takes place', () => {
    const ended = series({ end_date: '2026-12-07' });
    expect(occursOn(ended, '2026-11-30')).toBe(true);
    expect(occursOn(ended, '2026-12-07')).toBe(false);
    expect(occurrencesBetween(ended, '2026-11-01', '2027-12-31')).toEqual([monday, '2026-11-30']);
  });

  it('has no occurrence at all when ended on its first date', () => {
    expect(nextOccurrence(series({ end_date: monday }), '2000-01-01')).toBeNull();
  });

  it('jumps to a far-away week without walking there', () => {
    expect(nextOccurrence(series(), '2126-01-01')).toBe('2126-01-07');
  });
});

describe('exceptions a calendar lists', () => {
  it('are the deleted days that would otherwise be occurrences, each once and in order', () => {
    const schedule = series({
      deleted_dates: ['2026-12-07', '2026-11-30', '2026-12-07', '2026-12-01', '2026-11-16', '2026-12-21'],
      end_date: '2026-12-14',
    });
    expect(cancelledOccurrences(schedule)).toEqual(['2026-11-30', '2026-12-07']);
  });

  it('leave a reservation without any occurrence when everything is cancelled or ended', () => {
    expect(hasAnyOccurrence(series())).toBe(true);
    expect(hasAnyOccurrence(series({ recurring: false, deleted_dates: [monday] }))).toBe(false);
    expect(hasAnyOccurrence(series({ end_date: monday }))).toBe(false);
    expect(hasAnyOccurrence(series({ end_date: '2026-12-07', deleted_dates: ['2026-11-30', monday] }))).toBe(
      false,
    );
    expect(hasAnyOccurrence(series({ end_date: '2026-12-07', deleted_dates: [monday] }))).toBe(true);
  });
});

describe('what remains of a reservation from a day on', () => {
  it('begins a series at its first occurrence from that day, keeping only the later cancellations', () => {
    const old = series({ date: '2024-03-04', deleted_dates: ['2024-04-01', '2025-06-02'] });
    expect(scheduleFrom(old, '2025-03-20')).toEqual({
      ...old,
      date: '2025-03-24',
      deleted_dates: ['2025-06-02'],
    });
    expect(scheduleFrom(series(), '2026-11-01')).toEqual(series());
    expect(scheduleFrom(series({ end_date: '2026-11-30' }), '2026-12-01')).toBeNull();
    expect(scheduleFrom({ ...series(), recurring: false }, '2026-11-24')).toBeNull();
  });

  it('has the same occurrences from that day on as the whole reservation', () => {
    const day = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2026-01-05', n));
    const schedule = fc.record({
      date: day,
      recurring: fc.boolean(),
      deleted_dates: fc.array(day, { maxLength: 6 }),
      end_date: fc.option(day, { nil: null }),
    });
    fc.assert(
      fc.property(schedule, day, (whole, from) => {
        const rest = scheduleFrom(whole, from);
        const expected = occurrencesBetween(whole, from, '2026-12-31');
        expect(rest ? occurrencesBetween(rest, from, '2026-12-31') : []).toEqual(expected);
        // A shortened series carries no cancellation from before its new beginning.
        if (rest && rest !== whole) expect(rest.deleted_dates.every((d) => d > rest.date)).toBe(true);
      }),
    );
  });
});

describe('counting toward the limit', () => {
  const today = '2026-11-23';

  it('counts a reservation today or later, even if its hour has passed', () => {
    expect(countsTowardLimit({ date: today, recurring: false }, today)).toBe(true);
    expect(countsTowardLimit({ date: '2026-12-01', recurring: false }, today)).toBe(true);
  });

  it('does not count a single reservation of an earlier day', () => {
    expect(countsTowardLimit({ date: '2026-11-22', recurring: false }, today)).toBe(false);
  });

  it('always counts a series against the limit, whatever its end', () => {
    expect(countsTowardLimit({ date: '2025-01-06', recurring: true }, today)).toBe(true);
  });
});

// Thousands of generated cases take a few seconds; the default 5 s would be flaky on a busy machine.
describe('agrees with RFC 5545 (the rrule package)', () => {
  const EPOCH = '2020-01-01';
  const utc = (date: IsoDate): Date => new Date(`${date}T00:00:00Z`);
  const iso = (date: Date): IsoDate => date.toISOString().slice(0, 10);

  const scheduleArb = fc
    .record({
      start: fc.integer({ min: 0, max: 3650 }),
      recurring: fc.boolean(),
      // Deleted dates on the series' own weeks (the usual case) and on any day (which must be harmless).
      deletedWeeks: fc.array(fc.integer({ min: 0, max: 25 }), { maxLength: 6 }),
      deletedDays: fc.array(fc.integer({ min: -10, max: 180 }), { maxLength: 3 }),
      end: fc.option(fc.integer({ min: -10, max: 180 }), { nil: null }),
    })
    .map(({ start, recurring, deletedWeeks, deletedDays, end }): Schedule => {
      const date = addDays(EPOCH, start);
      return {
        date,
        recurring,
        deleted_dates: [
          ...deletedWeeks.map((w) => addDays(date, 7 * w)),
          ...deletedDays.map((d) => addDays(date, d)),
        ],
        end_date: end === null ? null : addDays(date, end),
      };
    });

  /** WEEKLY from DTSTART; our end_date is exclusive and UNTIL inclusive, hence the day before. */
  function toRuleSet(schedule: Schedule): RRuleSet {
    const untils = [
      schedule.end_date ? addDays(schedule.end_date, -1) : null,
      schedule.recurring ? null : schedule.date,
    ];
    const until = untils.filter((d): d is IsoDate => d !== null).sort()[0];
    const set = new RRuleSet();
    set.rrule(
      new RRule({ freq: RRule.WEEKLY, dtstart: utc(schedule.date), until: until ? utc(until) : null }),
    );
    for (const deleted of schedule.deleted_dates) set.exdate(utc(deleted));
    return set;
  }

  it('occursOn and occurrencesBetween match RRULE + EXDATE + UNTIL day by day', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        const from = addDays(schedule.date, -14);
        const to = addDays(schedule.date, 200);
        const expected = toRuleSet(schedule).between(utc(from), utc(to), true).map(iso);
        expect(occurrencesBetween(schedule, from, to)).toEqual(expected);
        const days: IsoDate[] = [];
        for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
        expect(days.filter((day) => occursOn(schedule, day))).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('occursBetween and nextOccurrence match the rule on any sub-range', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: -14, max: 200 }), fc.nat(60), (schedule, offset, length) => {
        const from = addDays(schedule.date, offset);
        const to = addDays(from, length);
        const expected = toRuleSet(schedule).between(utc(from), utc(to), true).map(iso);
        expect(occursBetween(schedule, from, to)).toBe(expected.length > 0);
        const next = toRuleSet(schedule).after(utc(from), true);
        expect(nextOccurrence(schedule, from)).toBe(next ? iso(next) : null);
      }),
      { numRuns: 3000 },
    );
  }, 30_000);
});
