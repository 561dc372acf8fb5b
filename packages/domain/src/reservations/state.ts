/**
 * The reservation decider's own state, folded from one reservation's stream. A union keyed by
 * status rather than a row with optional fields: a cancelled reservation is not a row that happens
 * to be missing, and the decider can tell "never existed" from "gone".
 */
import type { IsoDate, Reservation } from '../types';
import type { PlayerRef, ReservationEvent, ReservationMade } from './events';

export type ReservationState =
  | { status: 'none' }
  | {
      status: 'active';
      reservation: Reservation;
      /**
       * Members who took themselves off (`CoPlayerLeft`) and are not named again: nobody but they
       * may name them on this booking again (docs/who-plays.md).
       */
      left: readonly string[];
    }
  | { status: 'cancelled'; reservation: Reservation };

export const initialReservationState: ReservationState = { status: 'none' };

/** The booking exactly as the API's Reservation has it; absent optionals are null. */
function booked(event: ReservationMade): Reservation {
  const { data } = event;
  return {
    _id: event.reservation_id,
    club_id: data.club_id,
    user_id: data.user_id,
    court_num: data.court_num,
    start_time: data.start_time,
    end_time: data.end_time,
    date: data.date,
    label: data.label ?? null,
    recurring: data.recurring,
    deleted_dates: [],
    end_date: null,
    ...(data.group_id === undefined ? {} : { group_id: data.group_id }),
    ...withPlayers(data.players),
  };
}

/** The co-players field: absent when there are none, so bookings without any look as before. */
export function withPlayers(players: readonly PlayerRef[] | undefined): { co_players?: PlayerRef[] } {
  return players?.length ? { co_players: [...players] } : {};
}

const namedMembers = (players: readonly PlayerRef[]) =>
  players.flatMap((p) => ('user_id' in p ? [p.user_id] : []));

/**
 * A released date (docs/check-in.md) is free again: a series loses that date only, as when one date
 * is cancelled; a single booking is gone.
 */
function released(state: ReservationState, date: IsoDate): ReservationState {
  if (state.status !== 'active') return state;
  if (!state.reservation.recurring) return { status: 'cancelled', reservation: state.reservation };
  return evolveReservation(state, {
    type: 'OccurrenceCancelled',
    reservation_id: state.reservation._id,
    data: { date },
  });
}

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'ReservationMade':
      return { status: 'active', reservation: booked(event), left: [] };
    case 'OccurrenceCancelled': {
      if (state.status !== 'active' || state.reservation.deleted_dates.includes(event.data.date))
        return state;
      // Kept sorted: one canonical order makes rows comparable (rebuild vs. live) and lists readable.
      const deleted_dates = [...state.reservation.deleted_dates, event.data.date].sort();
      return { ...state, reservation: { ...state.reservation, deleted_dates } };
    }
    case 'SeriesEnded':
      return state.status === 'active'
        ? { ...state, reservation: { ...state.reservation, end_date: event.data.end_date } }
        : state;
    case 'ReservationChanged': {
      if (state.status !== 'active') return state;
      const { label, players, ...slot } = event.data;
      const { co_players: before, ...rest } = state.reservation;
      const co = players === undefined ? withPlayers(before) : withPlayers(players);
      // A member named again came back themselves: only they may (./change-reservation).
      const named = namedMembers(players ?? []);
      const left = state.left.filter((id) => !named.includes(id));
      return { status: 'active', reservation: { ...rest, ...slot, label: label ?? null, ...co }, left };
    }
    case 'CoPlayerLeft': {
      if (state.status !== 'active') return state;
      const { co_players: before, ...rest } = state.reservation;
      const { user_id } = event.data;
      const remaining = (before ?? []).filter((p) => !('user_id' in p) || p.user_id !== user_id);
      return {
        status: 'active',
        reservation: { ...rest, ...withPlayers(remaining) },
        left: [...state.left.filter((id) => id !== user_id), user_id],
      };
    }
    case 'ReservationCancelled':
      return state.status === 'active' ? { status: 'cancelled', reservation: state.reservation } : state;
    case 'ReservationReleased':
      return released(state, event.data.date);
    case 'CheckedIn':
    case 'NoShowForgiven':
      // Who came, and who is forgiven, is no part of the booking itself.
      return state;
    default: {
      const unknown: never = event;
      throw new Error(`Unbekanntes Ereignis einer Reservierung: ${JSON.stringify(unknown)}`);
    }
  }
}

/** The live booking of a state, or null when there is none (never made, or cancelled). */
export function activeReservation(state: ReservationState): Reservation | null {
  return state.status === 'active' ? state.reservation : null;
}
