/**
 * The club's booking horizon and cancellation deadline (club-time.ts) as the reservation deciders
 * apply them: they bind players, admins are exempt, and defaults change nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ReservationCancelled } from '../../src/reservations/events';
import * as reservationTexts from '../../src/reservations/texts';
import { admin, changeCommand, club, deleteCommand, made, makeCommand } from './support/fixtures';
import { given } from './support/given-when-then';

// "now" is Monday 23 November 2026, 09:xx (fixtures).
const withHorizon = { club: { ...club, booking_horizon_days: 14 } };
const withDeadline = { club: { ...club, cancel_deadline_hours: 24 } };
const cancelled: ReservationCancelled = {
  type: 'ReservationCancelled',
  reservation_id: 'r-1',
  data: { delete_type: 'all' },
};

describe('the booking horizon', () => {
  it('lets a player book its last day, not the day after', () => {
    expect(given().when(makeCommand({ date: '2026-12-07' }), withHorizon).decision.ok).toBe(true);
    given()
      .when(makeCommand({ date: '2026-12-08' }), withHorizon)
      .thenFails('forbidden', reservationTexts.beyondHorizon(14, 'Mo., 07.12.2026'));
  });

  it('does not bind admins', () => {
    expect(given().when(makeCommand({ actor: admin, date: '2027-03-01' }), withHorizon).decision.ok).toBe(
      true,
    );
  });

  it('binds a player moving a booking beyond it', () => {
    given(made('r-1', { date: '2026-11-25' }))
      .when(changeCommand({ date: '2026-12-08' }), withHorizon)
      .thenFails('forbidden', reservationTexts.beyondHorizon(14, 'Mo., 07.12.2026'));
  });

  it('is absent by default: a player books a year ahead', () => {
    expect(given().when(makeCommand({ date: '2027-11-23' })).decision.ok).toBe(true);
  });
});

describe('the cancellation deadline', () => {
  it('lets a player cancel until the deadline and refuses after it, saying until when', () => {
    // Tuesday 24 November 10:00 with 24 hours: the deadline is Monday 10:00, "now" is 09:xx.
    given(made('r-1', { date: '2026-11-24', start_time: 10, end_time: 11 }))
      .when(deleteCommand({ date: '2026-11-24' }), withDeadline)
      .then([cancelled]);
    given(made('r-1', { date: '2026-11-24', start_time: 9, end_time: 10 }))
      .when(deleteCommand({ date: '2026-11-24' }), withDeadline)
      .thenFails('forbidden', reservationTexts.pastCancelDeadline(24, 'Mo., 23.11.2026, 09:00 Uhr'));
  });

  it('does not bind admins', () => {
    given(made('r-1', { date: '2026-11-23', start_time: 10, end_time: 11 }))
      .when(deleteCommand({ actor: admin, date: '2026-11-23' }), withDeadline)
      .then([cancelled]);
  });

  it('binds a player moving their own booking, as cancelling it would', () => {
    given(made('r-1', { date: '2026-11-24', start_time: 8, end_time: 9 }))
      .when(changeCommand({ date: '2026-11-30' }), withDeadline)
      .thenFails('forbidden', reservationTexts.pastCancelDeadline(24, 'Mo., 23.11.2026, 08:00 Uhr'));
    expect(
      given(made('r-1', { date: '2026-11-25', start_time: 8, end_time: 9 })).when(
        changeCommand({ date: '2026-11-30' }),
        withDeadline,
      ).decision.ok,
    ).toBe(true);
  });

  it('is the start by default: a player cancels the next hour, not the current one', () => {
    given(made('r-1', { date: '2026-11-23', start_time: 10, end_time: 11 }))
      .when(deleteCommand())
      .then([cancelled]);
    given(made('r-1', { date: '2026-11-23', start_time: 9, end_time: 10 }))
      .when(deleteCommand())
      .thenFails('past', reservationTexts.alreadyBegun);
  });
});
