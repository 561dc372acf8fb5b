import { describe, expect, it } from 'vitest';
import { addDays } from '../../src/dates';
import { occurrencesBetween } from '../../src/recurrence';
import { RangeDays } from '../../src/stats/range-days';

describe('the days of a range', () => {
  it('carry their ISO weekdays across a clock change and a leap day', () => {
    const range = new RangeDays('2028-02-27', '2028-03-01');
    expect(range.days).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
    expect(range.weekdays).toEqual([7, 1, 2, 3]);
    expect(new RangeDays('2026-10-24', '2026-10-26').weekdays).toEqual([6, 7, 1]);
  });

  it('give a booking the same dates as the recurrence rules, for singles and series of every start and end', () => {
    const range = new RangeDays('2026-03-02', '2026-05-31');
    for (let start = -30; start <= 100; start += 3) {
      for (const end of [null, 10, 45, 95, 200]) {
        for (const recurring of [true, false]) {
          const booking = {
            date: addDays('2026-03-02', start),
            recurring,
            end_date: end === null ? null : addDays('2026-03-02', start + end),
          };
          const expected = occurrencesBetween({ ...booking, deleted_dates: [] }, range.from, range.to);
          expect(
            range.occurrences(booking).map((i) => range.days[i]),
            JSON.stringify(booking),
          ).toEqual(expected);
        }
      }
    }
  });
});
