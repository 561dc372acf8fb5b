/**
 * Check-in and release (docs/check-in.md), given / when / then on one booking's stream: the window
 * from `opens_min` before the start to `release_after_min` after it, on the club's wall clock.
 */
import { describe, expect, it } from 'vitest';
import {
  checkIn,
  evolveCheckIn,
  initialCheckInState,
  releaseOccurrence,
  type CheckIn,
  type CheckInContext,
  type CheckInState,
  type ReleaseContext,
  type ReleaseOccurrence,
} from '../../src/check-in/check-in';
import { checkInTexts } from '../../src/check-in/texts';
import { SYSTEM_ACTOR } from '../../src/decider';
import type { ReservationEvent } from '../../src/reservations/events';
import { replay } from '../../src/reservations/evolve';
import * as reservationTexts from '../../src/reservations/texts';
import { playRulesOf } from '../../src/players/play-rules';
import { deciderSpecification } from '../support/decider-specification';
import { club, made, otherPlayer, player } from '../reservations/support/fixtures';

const settings = { ...playRulesOf({}).check_in, required: true };
const context: CheckInContext = { club, settings };
/** Booked weeks before. */
const releaseContext: ReleaseContext = { ...context, booked_at: new Date('2026-10-01T12:00:00Z') };

const checkInDecider = deciderSpecification<
  CheckIn,
  CheckInState,
  ReservationEvent,
  CheckInContext,
  ReservationEvent
>({
  initialState: initialCheckInState,
  evolve: evolveCheckIn,
  decide: checkIn,
});
const releaseDecider = deciderSpecification<
  ReleaseOccurrence,
  CheckInState,
  ReservationEvent,
  ReleaseContext,
  ReservationEvent
>({ initialState: initialCheckInState, evolve: evolveCheckIn, decide: releaseOccurrence });

/** Monday 23 November 2026, 10–11 Uhr in Berlin (UTC+1): it starts at 09:00 UTC. */
const single = made('r-1');
const series = made('r-1', { date: '2026-11-16', recurring: true });
const NO_SHOW = 'n-1';

const checkInAt = (at: string, actor: CheckIn['actor'] = player): CheckIn => ({
  type: 'CheckIn',
  reservation_id: 'r-1',
  actor,
  at: new Date(at),
});
const releaseAt = (at: string, date = '2026-11-23'): ReleaseOccurrence => ({
  type: 'ReleaseOccurrence',
  reservation_id: 'r-1',
  date,
  no_show_id: NO_SHOW,
  actor: SYSTEM_ACTOR,
  at: new Date(at),
});
const checkedIn = (date = '2026-11-23', user_id: string = player.user_id): ReservationEvent => ({
  type: 'CheckedIn',
  reservation_id: 'r-1',
  data: { date, user_id },
});
const released = (date = '2026-11-23'): ReservationEvent => ({
  type: 'ReservationReleased',
  reservation_id: 'r-1',
  data: { date, no_show_id: NO_SHOW },
});

describe('checking in', () => {
  describe('the window', () => {
    it('is closed a moment before it opens, 15 minutes before the start', () => {
      checkInDecider
        .given(single)
        .when(checkInAt('2026-11-23T08:44:59Z'), context)
        .thenFails('invalid', checkInTexts.outsideWindow(settings));
    });

    it('opens 15 minutes before the start', () => {
      checkInDecider.given(single).when(checkInAt('2026-11-23T08:45:00Z'), context).then([checkedIn()]);
    });

    it('is open until a moment before the release, 10 minutes after the start', () => {
      checkInDecider.given(single).when(checkInAt('2026-11-23T09:09:59Z'), context).then([checkedIn()]);
    });

    it('closes at the release', () => {
      checkInDecider
        .given(single)
        .when(checkInAt('2026-11-23T09:10:00Z'), context)
        .thenFails('invalid', checkInTexts.outsideWindow(settings));
    });

    it('takes the club’s own minutes', () => {
      const wider = { club, settings: { ...settings, opens_min: 30, release_after_min: 20 } };
      checkInDecider.given(single).when(checkInAt('2026-11-23T08:30:00Z'), wider).then([checkedIn()]);
      checkInDecider.given(single).when(checkInAt('2026-11-23T09:19:59Z'), wider).then([checkedIn()]);
    });

    it('moves with the hour on the October clock change (10 Uhr is 09:00 UTC again, not 08:00)', () => {
      const sunday = made('r-1', { date: '2026-10-25' });
      checkInDecider
        .given(sunday)
        .when(checkInAt('2026-10-25T08:05:00Z'), context)
        .thenFails('invalid', checkInTexts.outsideWindow(settings));
      checkInDecider
        .given(sunday)
        .when(checkInAt('2026-10-25T08:50:00Z'), context)
        .then([checkedIn('2026-10-25')]);
    });

    it('opens on the evening before for an hour at midnight', () => {
      const midnight = made('r-1', { date: '2026-11-24', start_time: 0, end_time: 1 });
      checkInDecider
        .given(midnight)
        .when(checkInAt('2026-11-23T22:50:00Z'), context)
        .then([checkedIn('2026-11-24')]);
    });
  });

  describe('a series', () => {
    it('checks in for the date whose window is open', () => {
      checkInDecider.given(series).when(checkInAt('2026-11-23T08:50:00Z'), context).then([checkedIn()]);
    });

    it('has no window on a date it does not take place', () => {
      checkInDecider
        .given(series, { type: 'OccurrenceCancelled', reservation_id: 'r-1', data: { date: '2026-11-23' } })
        .when(checkInAt('2026-11-23T08:50:00Z'), context)
        .thenFails('invalid', checkInTexts.outsideWindow(settings));
    });
  });

  describe('who', () => {
    it('a named co-player checks in themselves', () => {
      const named = made('r-1', { players: [{ user_id: otherPlayer.user_id }] });
      checkInDecider
        .given(named)
        .when(checkInAt('2026-11-23T08:50:00Z', otherPlayer), context)
        .then([checkedIn('2026-11-23', otherPlayer.user_id)]);
    });

    it('anyone else is refused', () => {
      checkInDecider
        .given(single)
        .when(checkInAt('2026-11-23T08:50:00Z', otherPlayer), context)
        .thenFails('forbidden', checkInTexts.notYours);
    });

    it('a second check-in for the same date changes nothing', () => {
      checkInDecider.given(single, checkedIn()).when(checkInAt('2026-11-23T08:55:00Z'), context).then([]);
    });
  });

  it('is refused where the club asks for no check-in', () => {
    checkInDecider
      .given(single)
      .when(checkInAt('2026-11-23T08:50:00Z'), { club, settings: playRulesOf({}).check_in })
      .thenFails('invalid', checkInTexts.notRequired);
  });

  it('finds no booking that does not exist', () => {
    checkInDecider
      .given()
      .when(checkInAt('2026-11-23T08:50:00Z'), context)
      .thenFails('not_found', reservationTexts.reservationNotFound);
  });
});

describe('releasing a date nobody checked in for', () => {
  it('is not due a moment before `release_after_min` after the start', () => {
    releaseDecider
      .given(single)
      .when(releaseAt('2026-11-23T09:09:59Z'), releaseContext)
      .thenFails('invalid', checkInTexts.notDue);
  });

  it('is due at that minute', () => {
    releaseDecider.given(single).when(releaseAt('2026-11-23T09:10:00Z'), releaseContext).then([released()]);
  });

  it('happens once: the released date is free and cannot be released again', () => {
    releaseDecider
      .given(single, released())
      .when(releaseAt('2026-11-23T09:10:30Z'), releaseContext)
      .thenFails('not_found', reservationTexts.reservationNotFound);
    releaseDecider
      .given(series, released())
      .when(releaseAt('2026-11-23T09:10:30Z'), releaseContext)
      .thenFails('not_found', checkInTexts.notOnThatDay);
  });

  it('never follows a check-in', () => {
    releaseDecider
      .given(single, checkedIn())
      .when(releaseAt('2026-11-23T09:10:00Z'), releaseContext)
      .thenFails('conflict', checkInTexts.alreadyCheckedIn);
  });

  it('gives nothing back once the hour is over', () => {
    releaseDecider
      .given(single)
      .when(releaseAt('2026-11-23T10:00:00Z'), releaseContext)
      .thenFails('past', checkInTexts.over);
  });

  it('keeps an hour booked once check-in had opened: whoever books it on the spot is there', () => {
    releaseDecider
      .given(single)
      .when(releaseAt('2026-11-23T09:10:00Z'), { ...context, booked_at: new Date('2026-11-23T08:45:00Z') })
      .thenFails('conflict', checkInTexts.bookedOnTheSpot);
    releaseDecider
      .given(single)
      .when(releaseAt('2026-11-23T09:10:00Z'), { ...context, booked_at: new Date('2026-11-23T08:44:59Z') })
      .then([released()]);
  });

  it('leaves the club’s labelled bookings alone', () => {
    releaseDecider
      .given(made('r-1', { label: 'Training' }))
      .when(releaseAt('2026-11-23T09:10:00Z'), releaseContext)
      .thenFails('invalid', checkInTexts.labelled);
  });

  it('is at the right minute on the October clock change', () => {
    const sunday = made('r-1', { date: '2026-10-25' });
    releaseDecider
      .given(sunday)
      .when(releaseAt('2026-10-25T08:10:00Z', '2026-10-25'), releaseContext)
      .thenFails('invalid', checkInTexts.notDue);
    releaseDecider
      .given(sunday)
      .when(releaseAt('2026-10-25T09:10:00Z', '2026-10-25'), releaseContext)
      .then([released('2026-10-25')]);
  });

  it('a series loses that date only; a single booking is gone', () => {
    const seriesAfter = replay([series, released()]).get('r-1');
    expect(seriesAfter?.deleted_dates).toEqual(['2026-11-23']);
    expect(replay([single, released()]).has('r-1')).toBe(false);
  });

  it('the next date of the series is released on its own', () => {
    releaseDecider
      .given(series, released())
      .when(releaseAt('2026-11-30T09:10:00Z', '2026-11-30'), releaseContext)
      .then([released('2026-11-30')]);
  });
});
