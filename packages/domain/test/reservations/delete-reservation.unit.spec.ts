import { describe, it } from 'vitest';
import { localMoment } from '../../src/dates';
import type {
  OccurrenceCancelled,
  ReservationCancelled,
  ReservationEvent,
  SeriesEnded,
} from '../../src/reservations/events';
import * as reservationTexts from '../../src/reservations/texts';
import type { DeleteType } from '../../src/types';
import { admin, club, deleteCommand, made, otherPlayer } from './support/fixtures';
import { given } from './support/given-when-then';

const cancelled = (delete_type: DeleteType): ReservationCancelled => ({
  type: 'ReservationCancelled',
  reservation_id: 'r-1',
  data: { delete_type },
});
const occurrenceCancelled = (date: string): OccurrenceCancelled => ({
  type: 'OccurrenceCancelled',
  reservation_id: 'r-1',
  data: { date },
});
const seriesEnded = (end_date: string): SeriesEnded => ({
  type: 'SeriesEnded',
  reservation_id: 'r-1',
  data: { end_date },
});

describe('when the reservation does not exist', () => {
  it('is not found, also for admins', () => {
    given().when(deleteCommand()).thenFails('not_found', reservationTexts.reservationNotFound);
    given()
      .when(deleteCommand({ actor: admin }))
      .thenFails('not_found', reservationTexts.reservationNotFound);
  });

  it('is not found once it was cancelled', () => {
    given(made('r-1'), cancelled('all')).when(deleteCommand()).thenFails('not_found');
  });

  it('is not found when it belongs to another club', () => {
    given(made('r-1', { club_id: 'club-2', user_id: admin.user_id }))
      .when(deleteCommand({ actor: admin }))
      .thenFails('not_found', reservationTexts.reservationNotFound);
  });
});

describe('when a single reservation exists', () => {
  const single = made('r-1', { date: '2026-11-24' });

  it('its owner deletes it as a whole, whatever delete type was chosen', () => {
    for (const delete_type of ['once', 'once_and_future', 'all'] as const) {
      given(single)
        .when(deleteCommand({ delete_type, date: '2026-11-24' }))
        .then([cancelled('all')]);
    }
  });

  it('another player may not delete it', () => {
    given(single)
      .when(deleteCommand({ actor: otherPlayer }))
      .thenFails('forbidden', reservationTexts.notOwnReservation);
  });

  it('an admin may delete anyone’s', () => {
    given(single)
      .when(deleteCommand({ actor: admin }))
      .then([cancelled('all')]);
  });

  it('its owner may not delete it once its hour has begun; an admin still may', () => {
    const thisHour = made('r-1', { date: '2026-11-23', start_time: 9, end_time: 10 });
    given(thisHour).when(deleteCommand()).thenFails('past', reservationTexts.alreadyBegun);
    given(made('r-1', { date: '2026-11-20' }))
      .when(deleteCommand())
      .thenFails('past', reservationTexts.alreadyBegun);
    given(thisHour)
      .when(deleteCommand({ actor: admin }))
      .then([cancelled('all')]);
  });

  it('its owner may delete it until its hour begins', () => {
    given(made('r-1', { date: '2026-11-23', start_time: 10, end_time: 11 }))
      .when(deleteCommand())
      .then([cancelled('all')]);
  });
});

describe('when a weekly series runs', () => {
  const series = made('r-1', { date: '2026-11-02', recurring: true, user_id: admin.user_id });
  const asAdmin = (delete_type: DeleteType, date: string) =>
    deleteCommand({ actor: admin, delete_type, date });

  it('once cancels just that date', () => {
    given(series)
      .when(asAdmin('once', '2026-11-30'))
      .then([occurrenceCancelled('2026-11-30')]);
  });

  it('once and future ends the series on that date', () => {
    given(series)
      .when(asAdmin('once_and_future', '2026-11-30'))
      .then([seriesEnded('2026-11-30')]);
  });

  it('once and future on the first date is the same as all', () => {
    given(series)
      .when(asAdmin('once_and_future', '2026-11-02'))
      .then([cancelled('once_and_future')]);
  });

  it('all cancels the whole series, past weeks included', () => {
    given(series)
      .when(asAdmin('all', '2026-11-30'))
      .then([cancelled('all')]);
  });

  it('needs a date on which the series takes place', () => {
    for (const date of ['2026-12-01', '2026-10-26']) {
      given(series).when(asAdmin('once', date)).thenFails('invalid', reservationTexts.notAnOccurrence(date));
      given(series).when(asAdmin('once_and_future', date)).thenFails('invalid');
    }
    given(series).when(asAdmin('once', '2026-11-31')).thenFails('invalid', reservationTexts.invalidDate);
  });

  it('a player may not touch another member’s series', () => {
    given(series)
      .when(deleteCommand({ delete_type: 'once', date: '2026-11-30' }))
      .thenFails('forbidden', reservationTexts.notOwnReservation);
  });
});

describe('when a player owns a series that has begun', () => {
  // Players cannot make series, but an admin's account may be turned into a player's.
  const series = made('r-1', { date: '2026-11-02', recurring: true, start_time: 9, end_time: 10 });

  it('upcoming weeks can be cancelled', () => {
    given(series)
      .when(deleteCommand({ delete_type: 'once', date: '2026-11-30' }))
      .then([occurrenceCancelled('2026-11-30')]);
    given(series)
      .when(deleteCommand({ delete_type: 'once_and_future', date: '2026-11-30' }))
      .then([seriesEnded('2026-11-30')]);
  });

  it('an occurrence whose hour has begun cannot', () => {
    given(series)
      .when(deleteCommand({ delete_type: 'once', date: '2026-11-23' }))
      .thenFails('past', reservationTexts.alreadyBegun);
    given(series)
      .when(deleteCommand({ delete_type: 'once_and_future', date: '2026-11-16' }))
      .thenFails('past', reservationTexts.alreadyBegun);
  });

  it('nor can the whole series, because that would erase past weeks', () => {
    given(series)
      .when(deleteCommand({ delete_type: 'all' }))
      .thenFails('past', reservationTexts.alreadyBegun);
  });
});

describe('when an occurrence of the series was cancelled', () => {
  const series = made('r-1', { date: '2026-11-02', recurring: true, user_id: admin.user_id });
  const givenGap = (...more: ReservationEvent[]) => given(series, occurrenceCancelled('2026-11-02'), ...more);

  it('that date can no longer be chosen', () => {
    givenGap()
      .when(deleteCommand({ actor: admin, delete_type: 'once', date: '2026-11-02' }))
      .thenFails('invalid', reservationTexts.notAnOccurrence('2026-11-02'));
  });

  it('once and future from the first remaining date cancels the series instead of leaving it empty', () => {
    givenGap()
      .when(deleteCommand({ actor: admin, delete_type: 'once_and_future', date: '2026-11-09' }))
      .then([cancelled('once_and_future')]);
  });
});

describe('when the series has ended', () => {
  const series = made('r-1', { date: '2026-11-02', recurring: true, user_id: admin.user_id });
  const asAdmin = (delete_type: DeleteType, date: string) =>
    deleteCommand({ actor: admin, delete_type, date });

  it('its end date and later can no longer be chosen', () => {
    given(series, seriesEnded('2026-11-30')).when(asAdmin('once', '2026-11-30')).thenFails('invalid');
    given(series, seriesEnded('2026-11-30'))
      .when(asAdmin('once_and_future', '2026-12-07'))
      .thenFails('invalid');
  });

  it('it can end earlier still', () => {
    given(series, seriesEnded('2026-11-30'))
      .when(asAdmin('once_and_future', '2026-11-16'))
      .then([seriesEnded('2026-11-16')]);
  });

  it('cancelling its only remaining date cancels the reservation', () => {
    given(series, seriesEnded('2026-11-16'), occurrenceCancelled('2026-11-02'))
      .when(asAdmin('once', '2026-11-09'))
      .then([cancelled('once')]);
  });
});

describe('on the days the clocks change (Europe/Berlin)', () => {
  const earlyClub = { ...club, start_hour: 1, end_hour: 23 };
  const at = (instant: string) => ({ club: earlyClub, now: localMoment(new Date(instant), 'Europe/Berlin') });
  const twoOClock = made('r-1', { date: '2026-10-25', start_time: 2, end_time: 3 });

  it('fall back: the 2 o’clock reservation can be deleted at 01:30 CEST, not during either 2 o’clock hour', () => {
    given(twoOClock)
      .when(deleteCommand(), at('2026-10-24T23:30:00Z'))
      .then([cancelled('all')]);
    given(twoOClock).when(deleteCommand(), at('2026-10-25T00:30:00Z')).thenFails('past');
    given(twoOClock).when(deleteCommand(), at('2026-10-25T01:30:00Z')).thenFails('past');
  });

  it('spring forward: at 01:59 CET the 3 o’clock reservation is a minute away and still deletable', () => {
    const threeOClock = made('r-1', { date: '2026-03-29', start_time: 3, end_time: 4 });
    given(threeOClock)
      .when(deleteCommand(), at('2026-03-29T00:59:00Z'))
      .then([cancelled('all')]);
    given(threeOClock).when(deleteCommand(), at('2026-03-29T01:00:00Z')).thenFails('past');
  });
});
