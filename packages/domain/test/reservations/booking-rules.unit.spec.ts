/**
 * Given / when / then for each booking rule about the slot (src/reservations/rules/): the court,
 * the hours, the date, what the role allows, past, too far ahead, the horizon, the limit, a free
 * court. Each rule alone, on the part of the context it reads.
 */
import { describe, expect, it } from 'vitest';
import { courtExists } from '../../src/reservations/rules/court-exists';
import { courtFree } from '../../src/reservations/rules/court-free';
import { withinHorizon } from '../../src/reservations/rules/horizon';
import { withinLimit } from '../../src/reservations/rules/limit';
import { notPast } from '../../src/reservations/rules/not-past';
import { notTooFarAhead } from '../../src/reservations/rules/not-too-far-ahead';
import { openingHours } from '../../src/reservations/rules/opening-hours';
import { role } from '../../src/reservations/rules/role';
import { validDate } from '../../src/reservations/rules/valid-date';
import * as reservationTexts from '../../src/reservations/texts';
import * as texts from '../../src/texts';
import { asked } from '../booking-rules/support';
import { admin, club, now, play, row } from './support/fixtures';

describe('court-exists', () => {
  it('given 4 courts, when court 4 is asked for, then it holds; court 5 or "04", then 400 naming the courts', () => {
    expect(courtExists.check(asked({ court_num: '4' }), { club }, now)).toBeNull();
    for (const court_num of ['5', '04', '0']) {
      expect(courtExists.check(asked({ court_num }), { club }, now)).toEqual({
        kind: 'invalid',
        message: reservationTexts.unknownCourt(4),
      });
    }
  });
});

describe('opening-hours', () => {
  it('given 8 to 22, when 21-22 is asked for, then it holds; 7-8, 22-23 or 10-10, then 400', () => {
    expect(openingHours.check(asked({ start_time: 21, end_time: 22 }), { club }, now)).toBeNull();
    for (const [start_time, end_time] of [
      [7, 8],
      [22, 23],
      [10, 10],
    ]) {
      expect(openingHours.check(asked({ start_time, end_time }), { club }, now)).toEqual({
        kind: 'invalid',
        message: reservationTexts.outsideOpeningHours(8, 22),
      });
    }
  });
});

describe('valid-date', () => {
  it('when 30 February is asked for, then 400', () => {
    expect(validDate.check(asked({ date: '2026-02-28' }), {}, now)).toBeNull();
    expect(validDate.check(asked({ date: '2026-02-30' }), {}, now)).toEqual({
      kind: 'invalid',
      message: reservationTexts.invalidDate,
    });
  });
});

describe('role', () => {
  it('when a player asks for two hours alone, a label or a series, then 403; an admin may, up to ten hours', () => {
    expect(role.check(asked(), { play }, now)).toBeNull();
    expect(role.check(asked({ end_time: 12 }), { play }, now)).toEqual({
      kind: 'forbidden',
      message: reservationTexts.playerOneHourOnly,
    });
    expect(role.check(asked({ label: 'Training' }), { play }, now)).toMatchObject({ kind: 'forbidden' });
    expect(role.check(asked({ recurring: true }), { play }, now)).toMatchObject({ kind: 'forbidden' });
    expect(role.check(asked({ actor: admin, end_time: 20, label: 'Medenspiel' }), { play }, now)).toBeNull();
    expect(role.check(asked({ actor: admin, start_time: 8, end_time: 19 }), { play }, now)).toEqual({
      kind: 'invalid',
      message: reservationTexts.invalidDuration,
    });
  });
});

describe('not-past', () => {
  it('given 9 o’clock on Monday, when 9-10 that day is asked for, then it holds; 8-9, then "past"', () => {
    expect(notPast.check(asked({ date: now.date, start_time: 9, end_time: 10 }), {}, now)).toBeNull();
    expect(notPast.check(asked({ date: now.date, start_time: 8, end_time: 9 }), {}, now)).toEqual({
      kind: 'past',
      message: texts.pastReservation,
    });
  });
});

describe('not-too-far-ahead', () => {
  it('when the same day two years on is asked for, then it holds; the day after, then 400', () => {
    expect(notTooFarAhead.check(asked({ date: '2028-11-23' }), {}, now)).toBeNull();
    expect(notTooFarAhead.check(asked({ date: '2028-11-24' }), {}, now)).toMatchObject({ kind: 'invalid' });
  });
});

describe('within-horizon', () => {
  const horizon = { ...club, booking_horizon_days: 7 };
  it('given 7 days, when a player asks for day 8, then 403 naming the last day; an admin may', () => {
    expect(withinHorizon.check(asked({ date: '2026-11-30' }), { club: horizon }, now)).toBeNull();
    expect(withinHorizon.check(asked({ date: '2026-12-01' }), { club: horizon }, now)).toEqual({
      kind: 'forbidden',
      message: reservationTexts.beyondHorizon(7, 'Mo., 30.11.2026'),
    });
    expect(
      withinHorizon.check(asked({ date: '2026-12-01', actor: admin }), { club: horizon }, now),
    ).toBeNull();
  });
});

describe('within-limit', () => {
  it('given a limit of 2 and two bookings to come, when a player books a third, then the limit; an admin is not held', () => {
    const existing = [row({ _id: 'r-1' }), row({ _id: 'r-2', date: '2026-11-25' })];
    expect(withinLimit.check(asked(), { club, existing: existing.slice(1), play }, now)).toBeNull();
    expect(withinLimit.check(asked(), { club, existing, play }, now)).toEqual({
      kind: 'limit',
      message: texts.limitReached(2),
    });
    expect(withinLimit.check(asked({ actor: admin }), { club, existing, play }, now)).toBeNull();
  });
});

describe('court-free', () => {
  it('given court 3 taken on Tuesday 10-11, when 10-11 is asked for, then 409 naming court, day and hour; 11-12 holds', () => {
    const existing = [row({ _id: 'r-1', user_id: 'someone', date: '2026-11-24' })];
    expect(courtFree.check(asked(), { existing }, now)).toEqual({
      kind: 'conflict',
      message: reservationTexts.conflict('3', '2026-11-24', 10),
    });
    expect(courtFree.check(asked({ start_time: 11, end_time: 12 }), { existing }, now)).toBeNull();
  });
});
