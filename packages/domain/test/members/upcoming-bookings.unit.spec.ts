import { describe, expect, it } from 'vitest';
import { deleteReservation } from '../../src/reservations/delete-reservation';
import { evolveReservation, initialReservationState } from '../../src/reservations/state';
import type { ReservationEvent } from '../../src/reservations/events';
import { cancellationOf, upcomingBookingsOf } from '../../src/members/upcoming-bookings';
import type { Reservation } from '../../src/types';
import { admin, club, made, now, otherPlayer, player } from '../reservations/support/fixtures';

/** Monday 23 November 2026, 09:xx: the fixtures' "now". */
const booking = (id: string, fields: Partial<Reservation> = {}): Reservation => ({
  _id: id,
  club_id: club._id,
  user_id: player.user_id,
  court_num: '1',
  start_time: 10,
  end_time: 11,
  date: '2026-11-24',
  recurring: false,
  deleted_dates: [],
  end_date: null,
  ...fields,
});

describe("a member's upcoming bookings", () => {
  it('counts single bookings still to come and each series once, not other members', () => {
    const list = [
      booking('later'),
      booking('series', { date: '2026-11-02', recurring: true }),
      booking('other', { user_id: otherPlayer.user_id }),
      booking('past', { date: '2026-11-20' }),
      booking('begun', { date: '2026-11-23', start_time: 9 }),
      booking('ended', { date: '2026-11-02', recurring: true, end_date: '2026-11-16' }),
    ];
    expect(
      upcomingBookingsOf(list, player.user_id, now).map((b) => [b.reservation._id, b.next_date]),
    ).toEqual([
      ['series', '2026-11-23'],
      ['later', '2026-11-24'],
    ]);
  });

  it("a series whose today's hour has begun is upcoming from next week", () => {
    const series = booking('s', { date: '2026-11-16', recurring: true, start_time: 8 });
    expect(upcomingBookingsOf([series], player.user_id, now)[0]!.next_date).toBe('2026-11-30');
  });
});

describe('cancelling them', () => {
  const decide = (events: ReservationEvent[], reservation: Reservation) => {
    const state = events.reduce(evolveReservation, initialReservationState);
    const [upcoming] = upcomingBookingsOf([reservation], player.user_id, now);
    return deleteReservation(cancellationOf(upcoming!, admin), state, { club }, now);
  };

  it('a single booking is cancelled whole', () => {
    const decision = decide([made('r-1', { date: '2026-11-24' })], booking('r-1'));
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'ReservationCancelled', reservation_id: 'r-1', data: { delete_type: 'all' } }],
    });
  });

  it('a series that already took place ends before its next occurrence (today at 10): the past weeks stay', () => {
    const decision = decide(
      [made('r-1', { date: '2026-11-02', recurring: true })],
      booking('r-1', { date: '2026-11-02', recurring: true }),
    );
    expect(decision).toEqual({
      ok: true,
      events: [{ type: 'SeriesEnded', reservation_id: 'r-1', data: { end_date: '2026-11-23' } }],
    });
  });

  it('a series that has not begun yet is cancelled whole', () => {
    const decision = decide(
      [made('r-1', { date: '2026-11-30', recurring: true })],
      booking('r-1', { date: '2026-11-30', recurring: true }),
    );
    expect(decision.ok && decision.events[0]!.type).toBe('ReservationCancelled');
  });
});
