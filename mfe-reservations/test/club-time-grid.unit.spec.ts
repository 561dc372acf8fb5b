/**
 * The grid on the club's own wall: "today" and "past" from the club's zone (the host contract's
 * club), days beyond the club's booking horizon not bookable for players, and the popup's
 * "Stornieren bis …".
 */
import { describe, expect, it } from 'vitest';
import { clubNow } from '@platzbuchung/domain/club-time';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import { buildGrid, horizonNotice } from '../src/features/day-grid/grid-model';
import { cancelNote } from '../src/shared/cancel-note';
import { slotClick } from '../src/shared/popup/slot-click';

const club = { courts_count: 2, start_hour: 0, end_hour: 24 };
const grid = (date: string, now: ReturnType<typeof clubNow>, extra = {}) =>
  buildGrid({ club, date, reservations: [], users: [], userId: 'u-me', now, ...extra });
const pastHours = (rows: ReturnType<typeof buildGrid>) =>
  rows.filter((row) => row[0]!.past).map((row) => row[0]!.hour);

describe('two clubs on either side of the date line, at the same instant', () => {
  // Monday 23 November 2026, 12:00 UTC.
  const instant = new Date('2026-11-23T12:00:00Z');
  const kiritimati = clubNow('Pacific/Kiritimati', instant); // UTC+14: Tuesday 02:00
  const pagoPago = clubNow('Pacific/Pago_Pago', instant); // UTC−11: Monday 01:00

  it('open on a different "today"', () => {
    expect(kiritimati.date).toBe('2026-11-24');
    expect(pagoPago.date).toBe('2026-11-23');
  });

  it('grey out different hours of the same calendar day', () => {
    // Monday is wholly past in Kiritimati and has just begun in Pago Pago.
    expect(pastHours(grid('2026-11-23', kiritimati))).toHaveLength(24);
    expect(pastHours(grid('2026-11-23', pagoPago))).toEqual([0]);
    // Tuesday: two hours gone in Kiritimati, nothing yet in Pago Pago.
    expect(pastHours(grid('2026-11-24', kiritimati))).toEqual([0, 1]);
    expect(pastHours(grid('2026-11-24', pagoPago))).toEqual([]);
  });

  it('tell screen readers which hours have passed', () => {
    expect(grid('2026-11-24', kiritimati)[1]![0]!.accessibleName).toBe('Platz 1, 01:00, frei, vergangen');
    expect(grid('2026-11-24', pagoPago)[1]![0]!.accessibleName).toBe('Platz 1, 01:00, frei');
  });
});

describe('a day beyond the booking horizon', () => {
  const now = { date: '2026-11-23', hour: 9 };
  const limited = { ...club, booking_horizon_days: 14 };

  it('is marked not bookable for players, in words as well', () => {
    const cell = grid('2026-12-08', now, { club: limited })[10]![0]!;
    expect(cell.beyondHorizon).toBe(true);
    expect(cell.accessibleName).toBe('Platz 1, 10:00, noch nicht buchbar');
    expect(horizonNotice(limited, '2026-12-08', now, false)).toBe(
      reservationTexts.notBookableYet('Mo., 07.12.2026'),
    );
    const click = slotClick(
      { ...cell, date: '2026-12-08' },
      {
        isAdmin: false,
        upcomingCount: 0,
        limit: 3,
        horizonNotice: horizonNotice(limited, '2026-12-08', now, false),
      },
    );
    expect(click).toEqual({ kind: 'alert', message: reservationTexts.notBookableYet('Mo., 07.12.2026') });
  });

  it('is bookable up to its last day, and always for admins and without a horizon', () => {
    expect(grid('2026-12-07', now, { club: limited })[10]![0]!.beyondHorizon).toBe(false);
    expect(grid('2026-12-08', now, { club: limited, isAdmin: true })[10]![0]!.beyondHorizon).toBe(false);
    expect(grid('2027-06-01', now)[10]![0]!.beyondHorizon).toBe(false);
    expect(horizonNotice(limited, '2026-12-08', now, true)).toBeNull();
  });
});

describe('the popup of a player’s own booking', () => {
  const rules = { time_zone: 'Europe/Berlin', cancel_deadline_hours: 24 };

  it('says until when it can be cancelled', () => {
    expect(cancelNote(rules, '2026-11-25', 17, { date: '2026-11-23', hour: 9 }, false)).toEqual({
      text: 'Stornieren bis Di., 24.11.2026, 17:00 Uhr',
      open: true,
    });
  });

  it('says when the deadline has passed, and nothing to admins', () => {
    expect(cancelNote(rules, '2026-11-24', 8, { date: '2026-11-23', hour: 9 }, false)).toEqual({
      text: reservationTexts.pastCancelDeadline(24, 'Mo., 23.11.2026, 08:00 Uhr'),
      open: false,
    });
    expect(cancelNote(rules, '2026-11-24', 8, { date: '2026-11-23', hour: 9 }, true)).toBeNull();
  });

  it('without a deadline of the club, is the start of the booking', () => {
    expect(
      cancelNote(
        { ...rules, cancel_deadline_hours: 0 },
        '2026-11-23',
        17,
        { date: '2026-11-23', hour: 9 },
        false,
      )?.text,
    ).toBe('Stornieren bis Mo., 23.11.2026, 17:00 Uhr');
  });
});
