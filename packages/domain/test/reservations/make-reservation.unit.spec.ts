import { describe, expect, it } from 'vitest';
import { localMoment } from '../../src/dates';
import type { OccurrenceCancelled, ReservationCancelled, SeriesEnded } from '../../src/reservations/events';
import * as reservationTexts from '../../src/reservations/texts';
import * as texts from '../../src/texts';
import { admin, club, made, makeCommand, otherPlayer, player } from './support/fixtures';
import { given } from './support/given-when-then';

const madeNew = (data: Parameters<typeof made>[1] = {}) => made('r-new', data);

describe('when the club has no reservations', () => {
  it('a player reserves a free future hour for themself', () => {
    given()
      .when(makeCommand({ date: '2026-11-24' }))
      .then([madeNew({ date: '2026-11-24' })]);
  });

  it('takes the user from the actor and the club from the context', () => {
    given()
      .when(makeCommand({ actor: otherPlayer }))
      .then([madeNew({ user_id: otherPlayer.user_id, club_id: club._id })]);
  });

  it('an admin reserves several hours weekly with a trimmed label', () => {
    given()
      .when(
        makeCommand({
          actor: admin,
          date: '2026-11-24',
          start_time: 8,
          end_time: 11,
          recurring: true,
          label: '  Training  ',
        }),
      )
      .then([
        madeNew({
          user_id: admin.user_id,
          date: '2026-11-24',
          start_time: 8,
          end_time: 11,
          recurring: true,
          label: 'Training',
        }),
      ]);
  });

  it('a blank label is no label', () => {
    given()
      .when(makeCommand({ actor: admin, label: '   ' }))
      .then([madeNew({ user_id: admin.user_id })]);
    expect(given().when(makeCommand({ actor: player, label: ' ' })).decision.ok).toBe(true);
  });

  it('a label may have 40 characters, not 41', () => {
    const forty = 'Ä'.repeat(40);
    expect(given().when(makeCommand({ actor: admin, label: forty })).decision.ok).toBe(true);
    given()
      .when(makeCommand({ actor: admin, label: `${forty}x` }))
      .thenFails('invalid', reservationTexts.labelTooLong(40));
  });

  it('an admin reserves at most 10 hours', () => {
    expect(given().when(makeCommand({ actor: admin, start_time: 10, end_time: 20 })).decision.ok).toBe(true);
    given()
      .when(makeCommand({ actor: admin, start_time: 10, end_time: 21 }))
      .thenFails('invalid', reservationTexts.invalidDuration);
  });

  it('a player may not repeat weekly, label or book more than one hour', () => {
    given()
      .when(makeCommand({ recurring: true }))
      .thenFails('forbidden', reservationTexts.playerNoRecurrence);
    given()
      .when(makeCommand({ label: 'Match' }))
      .thenFails('forbidden', reservationTexts.playerNoLabel);
    given()
      .when(makeCommand({ end_time: 12 }))
      .thenFails('forbidden', reservationTexts.playerOneHourOnly);
  });

  it('accepts only the courts the club has, written as plain numbers', () => {
    for (const court_num of ['0', '5', '01', ' 1', '1.0', 'x', '']) {
      given().when(makeCommand({ court_num })).thenFails('invalid', reservationTexts.unknownCourt(4));
    }
    expect(given().when(makeCommand({ court_num: '1' })).decision.ok).toBe(true);
    expect(given().when(makeCommand({ court_num: '4' })).decision.ok).toBe(true);
  });

  it('accepts only whole hours within the opening hours, start before end', () => {
    const outside = reservationTexts.outsideOpeningHours(8, 22);
    given()
      .when(makeCommand({ start_time: 7, end_time: 8 }))
      .thenFails('invalid', outside);
    given()
      .when(makeCommand({ actor: admin, start_time: 21, end_time: 23 }))
      .thenFails('invalid', outside);
    given()
      .when(makeCommand({ start_time: 10, end_time: 10 }))
      .thenFails('invalid', outside);
    given()
      .when(makeCommand({ start_time: 11, end_time: 10 }))
      .thenFails('invalid', outside);
    given()
      .when(makeCommand({ start_time: 10.5, end_time: 11.5 }))
      .thenFails('invalid', outside);
    expect(given().when(makeCommand({ start_time: 21, end_time: 22 })).decision.ok).toBe(true);
    expect(given().when(makeCommand({ date: '2026-11-24', start_time: 8, end_time: 9 })).decision.ok).toBe(
      true,
    );
  });

  it('accepts only real calendar dates', () => {
    given()
      .when(makeCommand({ date: '2027-02-29' }))
      .thenFails('invalid', reservationTexts.invalidDate);
    given()
      .when(makeCommand({ date: '24.11.2026' }))
      .thenFails('invalid', reservationTexts.invalidDate);
  });

  it('refuses a slot whose hour has passed, for admins too; the current hour is still open', () => {
    given()
      .when(makeCommand({ start_time: 8, end_time: 9 }))
      .thenFails('past', texts.pastReservation);
    given()
      .when(makeCommand({ actor: admin, date: '2026-11-16', recurring: true }))
      .thenFails('past', 'Eine Reservierung in der Vergangenheit ist nicht möglich!');
    expect(given().when(makeCommand({ start_time: 9, end_time: 10 })).decision.ok).toBe(true);
  });

  it('refuses a date more than two years ahead, for admins too, naming the last bookable day', () => {
    // Today is 23.11.2026: the 23.11.2028 is the last day.
    expect(given().when(makeCommand({ date: '2028-11-23' })).decision.ok).toBe(true);
    given()
      .when(makeCommand({ date: '2028-11-24' }))
      .thenFails('invalid', reservationTexts.tooFarAhead('Do., 23.11.2028'));
    given()
      .when(makeCommand({ actor: admin, date: '9999-12-28' }))
      .thenFails('invalid', reservationTexts.tooFarAhead('Do., 23.11.2028'));
  });
});

describe('when the player already has upcoming reservations', () => {
  const own = [made('r-1', { date: '2026-11-24' }), made('r-2', { date: '2026-11-25' })];

  it('refuses one more than the club allows, with the original client’s text', () => {
    given(...own)
      .when(makeCommand({ date: '2026-11-26' }))
      .thenFails('limit', 'Sie haben die maximal zulässige Anzahl an Reservierungen (2) erreicht!');
  });

  it('counts today even after the hour, but not earlier days', () => {
    const earlierToday = made('r-1', { date: '2026-11-23', start_time: 8, end_time: 9 });
    given(earlierToday, made('r-2', { date: '2026-11-24' }))
      .when(makeCommand({ date: '2026-11-26' }))
      .thenFails('limit', texts.limitReached(2));
    given(made('r-1', { date: '2026-11-22' }), made('r-2', { date: '2026-11-24' }))
      .when(makeCommand({ date: '2026-11-26' }))
      .then([madeNew({ date: '2026-11-26' })]);
  });

  it('counts an own series even if it started long ago', () => {
    given(made('r-1', { date: '2025-01-07', recurring: true }), made('r-2', { date: '2026-11-24' }))
      .when(makeCommand({ date: '2026-11-26' }))
      .thenFails('limit', texts.limitReached(2));
  });

  it('frees a place when one of them is cancelled', () => {
    const cancelled: ReservationCancelled = { type: 'ReservationCancelled', reservation_id: 'r-1', data: {} };
    given(...own, cancelled)
      .when(makeCommand({ date: '2026-11-26' }))
      .then([madeNew({ date: '2026-11-26' })]);
  });

  it('does not count other members or other clubs', () => {
    given(
      made('r-1', { date: '2026-11-24', user_id: otherPlayer.user_id }),
      made('r-2', { date: '2026-11-25', club_id: 'club-2' }),
    )
      .when(makeCommand({ date: '2026-11-26' }))
      .then([madeNew({ date: '2026-11-26' })]);
  });

  it('puts no limit on admins', () => {
    const adminOwn = own.map((event) => ({ ...event, data: { ...event.data, user_id: admin.user_id } }));
    expect(given(...adminOwn).when(makeCommand({ actor: admin, date: '2026-11-26' })).decision.ok).toBe(true);
  });

  it('refuses everything when the club allows none', () => {
    given()
      .when(makeCommand(), { club: { ...club, reservations_limit: 0 } })
      .thenFails('limit', texts.limitReached(0));
  });
});

describe('when the court is booked', () => {
  it('names court, date and hour of the conflict', () => {
    given(made('r-1', { user_id: otherPlayer.user_id }))
      .when(makeCommand())
      .thenFails('conflict', 'Platz 3 ist am Mo., 23.11.2026 um 10:00 Uhr bereits reserviert.');
  });

  it('names the first hour both would occupy', () => {
    given(made('r-1', { start_time: 12, end_time: 14 }))
      .when(makeCommand({ actor: admin, start_time: 10, end_time: 13 }))
      .thenFails('conflict', reservationTexts.conflict('3', '2026-11-23', 12));
  });

  it('allows the next hour and the other courts', () => {
    expect(given(made('r-1')).when(makeCommand({ start_time: 11, end_time: 12 })).decision.ok).toBe(true);
    expect(given(made('r-1')).when(makeCommand({ court_num: '4' })).decision.ok).toBe(true);
  });

  it('refuses a new weekly series that runs into a future single reservation, naming that date', () => {
    given(made('r-1', { date: '2027-01-18', user_id: otherPlayer.user_id }))
      .when(makeCommand({ actor: admin, recurring: true }))
      .thenFails('conflict', 'Platz 3 ist am Mo., 18.01.2027 um 10:00 Uhr bereits reserviert.');
  });

  it('refuses a single reservation on a later day of a series', () => {
    given(made('r-1', { date: '2026-10-05', recurring: true, user_id: admin.user_id }))
      .when(makeCommand({ date: '2026-11-30' }))
      .thenFails('conflict', 'Platz 3 ist am Mo., 30.11.2026 um 10:00 Uhr bereits reserviert.');
  });
});

describe('when an occurrence of the series was cancelled', () => {
  const series = made('r-1', { date: '2026-10-05', recurring: true, user_id: admin.user_id });
  const cancelled: OccurrenceCancelled = {
    type: 'OccurrenceCancelled',
    reservation_id: 'r-1',
    data: { date: '2026-11-30' },
  };

  it('that day is free again, the others are not', () => {
    given(series, cancelled)
      .when(makeCommand({ date: '2026-11-30' }))
      .then([madeNew({ date: '2026-11-30' })]);
    given(series, cancelled)
      .when(makeCommand({ date: '2026-12-07' }))
      .thenFails('conflict');
  });
});

describe('when the series has ended', () => {
  const series = made('r-1', { date: '2026-10-05', recurring: true, user_id: admin.user_id });
  const ended: SeriesEnded = { type: 'SeriesEnded', reservation_id: 'r-1', data: { end_date: '2026-12-07' } };

  it('its end date and everything after are free, even for a new series', () => {
    given(series, ended)
      .when(makeCommand({ actor: admin, date: '2026-12-07', recurring: true }))
      .then([madeNew({ user_id: admin.user_id, date: '2026-12-07', recurring: true })]);
  });

  it('the weeks before the end are still taken', () => {
    given(series, ended)
      .when(makeCommand({ actor: admin, date: '2026-11-23', recurring: true }))
      .thenFails('conflict', reservationTexts.conflict('3', '2026-11-23', 10));
  });
});

describe('on the days the clocks change (Europe/Berlin)', () => {
  const earlyClub = { ...club, start_hour: 1, end_hour: 23 };
  const at = (instant: string) => ({ club: earlyClub, now: localMoment(new Date(instant), 'Europe/Berlin') });
  const book = (date: string, hour: number) =>
    makeCommand({ actor: admin, date, start_time: hour, end_time: hour + 1 });

  it('spring forward: at 03:30 CEST the 1 and 2 o’clock slots have passed, 3 o’clock is open', () => {
    given().when(book('2026-03-29', 1), at('2026-03-29T01:30:00Z')).thenFails('past', texts.pastReservation);
    given().when(book('2026-03-29', 2), at('2026-03-29T01:30:00Z')).thenFails('past', texts.pastReservation);
    expect(given().when(book('2026-03-29', 3), at('2026-03-29T01:30:00Z')).decision.ok).toBe(true);
  });

  it('spring forward: at 01:59 CET the next slot is still ahead', () => {
    expect(given().when(book('2026-03-29', 3), at('2026-03-29T00:59:00Z')).decision.ok).toBe(true);
    expect(given().when(book('2026-03-29', 1), at('2026-03-29T00:59:00Z')).decision.ok).toBe(true);
  });

  it('fall back: 2 o’clock stays open through both of its hours, 1 o’clock has passed', () => {
    for (const instant of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(given().when(book('2026-10-25', 2), at(instant)).decision.ok).toBe(true);
      given().when(book('2026-10-25', 1), at(instant)).thenFails('past', texts.pastReservation);
    }
  });

  it('fall back: at 03:00 CET the 2 o’clock slot has passed', () => {
    given().when(book('2026-10-25', 2), at('2026-10-25T02:00:00Z')).thenFails('past', texts.pastReservation);
  });
});
