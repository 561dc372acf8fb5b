/** A small club and builders with sensible defaults, so each test states only what it is about. */
import type { LocalMoment } from '../../../src/dates';
import type { ChangeReservation } from '../../../src/reservations/change-reservation';
import type { DeleteReservation } from '../../../src/reservations/delete-reservation';
import type { ReservationMade, ReservationMadeData } from '../../../src/reservations/events';
import type { MakeReservation } from '../../../src/reservations/make-reservation';
import type { Club, Reservation } from '../../../src/types';
import { playRulesOf } from '../../../src/players/play-rules';
import type { PlayContext } from '../../../src/players/who-plays';
import { DEFAULT_CATEGORY } from '../../categories/support';

export const club: Club = {
  _id: 'club-1',
  name: 'TC Grün-Weiß',
  courts_count: 4,
  reservations_limit: 2,
  start_hour: 8,
  end_hour: 22,
  member_approval: false,
  time_zone: 'Europe/Berlin',
  booking_horizon_days: null,
  cancel_deadline_hours: 0,
  has_rules: false,
};

export const player = { user_id: 'user-player', role: 'player' } as const;
export const otherPlayer = { user_id: 'user-other', role: 'player' } as const;
export const admin = { user_id: 'user-admin', role: 'admin' } as const;

/** Monday 23 November 2026, 09:xx club-local time. */
export const now: LocalMoment = { date: '2026-11-23', hour: 9 };

export function made(reservation_id: string, data: Partial<ReservationMadeData> = {}): ReservationMade {
  return {
    type: 'ReservationMade',
    reservation_id,
    data: {
      club_id: club._id,
      user_id: player.user_id,
      court_num: '3',
      start_time: 10,
      end_time: 11,
      date: '2026-11-23',
      recurring: false,
      ...data,
    },
  };
}

export function makeCommand(fields: Partial<MakeReservation> = {}): MakeReservation {
  return {
    type: 'MakeReservation',
    reservation_id: 'r-new',
    actor: player,
    court_num: '3',
    start_time: 10,
    end_time: 11,
    date: '2026-11-23',
    recurring: false,
    players: [],
    ...fields,
  };
}

/** The club's play rules as a club that never set them has them, and its active members. */
export const play: PlayContext = {
  rules: playRulesOf({}),
  members: new Map(
    [player, otherPlayer, admin].map(({ user_id }) => [
      user_id,
      { first_name: 'Anna', last_name: user_id, status: 'active' as const, category: DEFAULT_CATEGORY },
    ]),
  ),
};

export function deleteCommand(fields: Partial<DeleteReservation> = {}): DeleteReservation {
  return {
    type: 'DeleteReservation',
    reservation_id: 'r-1',
    actor: player,
    date: '2026-11-23',
    delete_type: 'all',
    ...fields,
  };
}

export function changeCommand(fields: Partial<ChangeReservation> = {}): ChangeReservation {
  return {
    type: 'ChangeReservation',
    reservation_id: 'r-1',
    new_reservation_id: 'r-new',
    actor: player,
    court_num: '3',
    start_time: 10,
    end_time: 11,
    date: '2026-11-24',
    ...fields,
  };
}

/** A read-model row without going through events, for the pure recurrence and conflict tests. */
export function row(fields: Partial<Reservation> = {}): Reservation {
  return {
    _id: 'r-1',
    club_id: club._id,
    user_id: player.user_id,
    court_num: '3',
    start_time: 10,
    end_time: 11,
    date: '2026-11-23',
    label: null,
    recurring: false,
    deleted_dates: [],
    end_date: null,
    ...fields,
  };
}
