/** No-shows and the pause they cost (docs/check-in.md); the pause as a booking rule. */
import { describe, expect, it } from 'vitest';
import { oldestCountingDay, pauseEndsOn, type NoShow } from '../../src/check-in/no-shows';
import { notPaused } from '../../src/check-in/rules/not-paused';
import { checkInTexts } from '../../src/check-in/texts';
import { asked } from '../booking-rules/support';
import { admin, now, player } from '../reservations/support/fixtures';

const settings = { strikes: 3, strike_days: 28, pause_days: 14 };
const noShows = (...dates: string[]): NoShow[] => dates.map((date, n) => ({ id: `n-${n}`, date }));

describe('the pause', () => {
  it('given two no-shows, the member may book', () => {
    expect(pauseEndsOn(noShows('2026-11-01', '2026-11-10'), settings, '2026-11-10')).toBeNull();
  });

  it('given three within 28 days, the pause runs 14 days from the last', () => {
    expect(pauseEndsOn(noShows('2026-11-01', '2026-11-10', '2026-11-20'), settings, '2026-11-20')).toBe(
      '2026-12-03',
    );
  });

  it('ends after its last day', () => {
    const three = noShows('2026-11-01', '2026-11-10', '2026-11-20');
    expect(pauseEndsOn(three, settings, '2026-12-03')).toBe('2026-12-03');
    expect(pauseEndsOn(three, settings, '2026-12-04')).toBeNull();
  });

  it('given three spread over more than 28 days, no pause', () => {
    expect(pauseEndsOn(noShows('2026-10-01', '2026-10-20', '2026-10-29'), settings, '2026-10-29')).toBeNull();
  });

  it('counts the club’s own number of strikes', () => {
    expect(pauseEndsOn(noShows('2026-11-20'), { ...settings, strikes: 1 }, '2026-11-21')).toBe('2026-12-03');
  });

  it('keeps no-shows only as long as they count', () => {
    expect(oldestCountingDay(settings, '2026-11-28')).toBe('2026-11-01');
  });
});

describe('the booking rule "not paused"', () => {
  const pauses = new Map([[player.user_id, '2026-12-03']]);

  it('refuses a paused member’s own booking, naming the day the pause ends', () => {
    expect(notPaused.check(asked(), { noShowPauses: pauses }, now)).toEqual({
      kind: 'forbidden',
      message: checkInTexts.paused('2026-12-03'),
    });
    expect(checkInTexts.paused('2026-12-03')).toContain('Do., 03.12.2026');
  });

  it('lets an admin book for them', () => {
    expect(
      notPaused.check(asked({ actor: admin, booker: player.user_id }), { noShowPauses: pauses }, now),
    ).toBeNull();
  });

  it('lets members without a pause book', () => {
    expect(notPaused.check(asked(), { noShowPauses: new Map() }, now)).toBeNull();
  });

  it('lets them book again after its last day', () => {
    expect(notPaused.check(asked(), { noShowPauses: pauses }, { date: '2026-12-04', hour: 9 })).toBeNull();
  });
});
