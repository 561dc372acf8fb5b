import { describe, expect, it } from 'vitest';
import { clubNow } from '../../src/club-time';
import { lastBookableDay } from '../../src/reservations/limits';
import { PAST_DAYS_WITHOUT_RANGE, listWindowWithoutRange } from '../../src/reservations/list-window';
import { addDays } from '../../src/dates';

describe('the window of a list asked for without a range', () => {
  it('reaches four weeks back and past the last bookable day', () => {
    expect(listWindowWithoutRange(new Date('2026-11-23T09:30:00Z'))).toEqual({
      from: '2026-10-25',
      to: '2028-11-25',
    });
  });

  it("holds the club's today and its last bookable day in every zone, on leap days too", () => {
    const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin', 'America/Los_Angeles'];
    const instants = [
      '2028-02-29T00:30:00Z',
      '2028-02-29T23:30:00Z',
      '2026-12-31T23:59:00Z',
      '2027-01-01T00:01:00Z',
    ];
    for (const instant of instants) {
      const window = listWindowWithoutRange(new Date(instant));
      for (const zone of zones) {
        const today = clubNow(zone, new Date(instant)).date;
        expect(window.from <= addDays(today, -PAST_DAYS_WITHOUT_RANGE), `${instant} ${zone}`).toBe(true);
        expect(lastBookableDay(today) <= window.to, `${instant} ${zone}`).toBe(true);
      }
    }
  });
});
