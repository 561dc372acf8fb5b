/**
 * The reservation stream's events (DESIGN section 2): one stream per reservation, facts in the past
 * tense. The decider returns bare events; the API wraps them in an envelope when it appends them.
 */
import type { DeleteType, IsoDate } from '../types';

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
  data: { date: IsoDate };
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
  data: { delete_type?: DeleteType };
}

export type ReservationEvent = ReservationMade | OccurrenceCancelled | SeriesEnded | ReservationCancelled;

export type ReservationEventType = ReservationEvent['type'];

/** For filters (event CLI, admin log) that must reject unknown type names. */
export const reservationEventTypes = [
  'ReservationMade',
  'OccurrenceCancelled',
  'SeriesEnded',
  'ReservationCancelled',
] as const satisfies readonly ReservationEventType[];

/** What the event store adds to an event: one row of `reservation_events`. */
export interface EventMetadata {
  /** Global order across all streams (bigserial); far below 2^53, so a number is exact. */
  position: number;
  /** 1 for a stream's first event, unique per stream. */
  version: number;
  club_id: string;
  /** The user whose request caused the event. */
  actor_id: string;
  /** ISO 8601 instant, e.g. `2026-11-23T09:15:00.000Z`. */
  occurred_at: string;
}

/** A stored event; still discriminated by `type`, so `evolve` accepts it as it is. */
export type EventEnvelope<E extends ReservationEvent = ReservationEvent> = E & EventMetadata;
