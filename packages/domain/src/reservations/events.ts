/**
 * The reservation stream's events: one stream per reservation, facts in the past tense. The
 * decider returns bare events; the event store wraps them in an envelope when it appends them.
 */
import type { EventMetadata } from '../events/streams';
import type { DeleteType, IsoDate, PlayerRef } from '../types';

export type { PlayerRef } from '../types';

export interface ReservationMadeData {
  club_id: string;
  user_id: string;
  court_num: string;
  start_time: number;
  end_time: number;
  date: IsoDate;
  /** Absent rather than empty: the decider trims and drops blank labels. */
  label?: string;
  recurring: boolean;
  /** Shared by the bookings an admin made over several courts at once. */
  group_id?: string;
  /** Set when this booking was split off another: the reservation, and the occurrence it replaced. */
  moved_from?: { reservation_id: string; date: IsoDate };
  /** The co-players, without the booker; absent in older events and when none are named. */
  players?: PlayerRef[];
}

export interface ReservationMade {
  type: 'ReservationMade';
  reservation_id: string;
  data: ReservationMadeData;
}

/** One date of a series no longer takes place (delete type 'once'). */
export interface OccurrenceCancelled {
  type: 'OccurrenceCancelled';
  reservation_id: string;
  data: { date: IsoDate } & Partial<ClosedBy>;
}

/** A court block that cancelled a booking: which one, and why (its holder is told the reason). */
export interface ClosedBy {
  block_id: string;
  reason: string;
}

/** The series no longer takes place from `end_date` on, that date included (delete type 'once_and_future'). */
export interface SeriesEnded {
  type: 'SeriesEnded';
  reservation_id: string;
  data: { end_date: IsoDate };
}

/** The whole reservation is gone; `delete_type` records what the actor asked for, for the event log. */
export interface ReservationCancelled {
  type: 'ReservationCancelled';
  reservation_id: string;
  data: { delete_type?: DeleteType } & Partial<ClosedBy>;
}

/** The booking now takes place on another court, day or hours (a single booking, or a whole series). */
export interface ReservationChanged {
  type: 'ReservationChanged';
  reservation_id: string;
  /** `players`: the co-players from now on; absent: unchanged. */
  data: {
    court_num: string;
    date: IsoDate;
    start_time: number;
    end_time: number;
    label?: string;
    players?: PlayerRef[];
  };
}

/** A named member took themselves off the booking. */
export interface CoPlayerLeft {
  type: 'CoPlayerLeft';
  reservation_id: string;
  data: { user_id: string };
}

/**
 * A member said they are on court for one date of the booking (docs/check-in.md): the booker or a
 * named member, from the app or with their PIN at the clubhouse screen.
 */
export interface CheckedIn {
  type: 'CheckedIn';
  reservation_id: string;
  data: { date: IsoDate; user_id: string };
}

/**
 * Nobody checked in, so the system freed that date (docs/check-in.md): a single booking is gone,
 * a series loses that date only. It names nobody: who did not come is a no-show kept apart from
 * the log, under `no_show_id`, and only for as long as it counts (docs/privacy.md).
 */
export interface ReservationReleased {
  type: 'ReservationReleased';
  reservation_id: string;
  data: { date: IsoDate; no_show_id: string };
}

/** An admin forgave the no-show a release recorded; it no longer counts towards a pause. */
export interface NoShowForgiven {
  type: 'NoShowForgiven';
  reservation_id: string;
  data: { no_show_id: string };
}

export type ReservationEvent =
  | ReservationMade
  | CheckedIn
  | ReservationReleased
  | NoShowForgiven
  | OccurrenceCancelled
  | SeriesEnded
  | ReservationCancelled
  | ReservationChanged
  | CoPlayerLeft;

export type ReservationEventType = ReservationEvent['type'];

/** A stored reservation event (the metadata is the same for every stream type). */
export type ReservationEnvelope<E extends ReservationEvent = ReservationEvent> = E & EventMetadata;
