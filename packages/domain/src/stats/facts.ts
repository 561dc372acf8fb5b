/**
 * What the club's numbers need to know of each booking, folded from its reservation stream
 * (docs/architecture/read-models.md, "Projections"). Unlike the bookings read model, a cancelled booking keeps
 * its row: the hours it held before it was called off are history, and the call-off itself is a
 * figure. Only facts that need no clock or time zone are kept here (instants as recorded, days and
 * hours as booked); what an hour is worth in a range is worked out when the range is asked for
 * (./figures), so a rebuild folds exactly what the live updates wrote.
 */
import type { EventEnvelope } from '../events/catalogue';
import type { PlayerRef, ReservationEvent } from '../reservations/events';
import type { IsoDate } from '../types';

/** member: a member's own booking; label: an admin's labelled booking; series: a weekly series. */
export type StatsKind = 'member' | 'label' | 'series';
export const statsKinds: readonly StatsKind[] = ['member', 'label', 'series'];

export interface StatsBooking {
  reservation_id: string;
  club_id: string;
  user_id: string;
  court_num: string;
  /** A single booking's day; a series' first day. */
  date: IsoDate;
  start_time: number;
  end_time: number;
  recurring: boolean;
  /** A series no longer takes place from this day on (exclusive end, as in the bookings). */
  end_date: IsoDate | null;
  kind: StatsKind;
  /** Members named as co-players. */
  co_player_ids: string[];
  /** How many guests play. */
  guests: number;
  /** The guests' fees for one hour together, in cents. */
  guest_fee_cents: number;
  /** When the whole booking was called off (ISO instant); what began before still counts. */
  cancelled_at: string | null;
  version: number;
}

/** One day of a booking called off: a single booking, or one date of a series. */
export interface StatsCancellation {
  reservation_id: string;
  club_id: string;
  date: IsoDate;
  /** ISO instant of the call-off. */
  cancelled_at: string;
  /** Called off by a court block, not by its holder or an admin. */
  by_block: boolean;
  /** The date was moved to another booking: not a call-off the figures count. */
  moved: boolean;
  /** Given back because nobody checked in (docs/check-in.md): neither played nor called off. */
  released: boolean;
}

/** What one event changes: the booking's row, a cancelled day, a cancelled day that was a move. */
export interface StatsChange {
  booking: StatsBooking | null;
  cancellation?: StatsCancellation;
  moved?: { reservation_id: string; date: IsoDate };
}

function kindOf(recurring: boolean, label: string | null | undefined): StatsKind {
  if (recurring) return 'series';
  return label?.trim() ? 'label' : 'member';
}

/** The players of a booking as the figures count them. */
export function playerFigures(players: readonly PlayerRef[] | undefined) {
  const list = players ?? [];
  return {
    co_player_ids: list.flatMap((p) => ('user_id' in p ? [p.user_id] : [])),
    guests: list.filter((p) => 'guest_id' in p).length,
    guest_fee_cents: list.reduce((sum, p) => sum + ('guest_id' in p ? p.fee_cents : 0), 0),
  };
}

/**
 * Folds one event of a reservation stream into the booking's row (`before`, null before its
 * first event). Deciders never rewrite what has begun (a series is split, not moved), so a change
 * in place only ever moves hours still to come.
 */
export function statsFacts(before: StatsBooking | null, event: EventEnvelope<ReservationEvent>): StatsChange {
  switch (event.type) {
    case 'ReservationMade': {
      const { data } = event;
      return {
        booking: {
          reservation_id: event.reservation_id,
          club_id: data.club_id,
          user_id: data.user_id,
          court_num: data.court_num,
          date: data.date,
          start_time: data.start_time,
          end_time: data.end_time,
          recurring: data.recurring,
          end_date: null,
          kind: kindOf(data.recurring, data.label),
          ...playerFigures(data.players),
          cancelled_at: null,
          version: event.version,
        },
        ...(data.moved_from ? { moved: data.moved_from } : {}),
      };
    }
    case 'ReservationChanged': {
      if (!before) return { booking: null };
      const { players, label, ...slot } = event.data;
      return {
        booking: {
          ...before,
          ...slot,
          kind: kindOf(before.recurring, label),
          ...(players ? playerFigures(players) : {}),
          version: event.version,
        },
      };
    }
    case 'SeriesEnded':
      return before
        ? { booking: { ...before, end_date: event.data.end_date, version: event.version } }
        : { booking: null };
    case 'OccurrenceCancelled':
      if (!before) return { booking: null };
      return {
        booking: { ...before, version: event.version },
        cancellation: cancellationOf(before, event.data.date, event),
      };
    case 'ReservationCancelled': {
      if (!before) return { booking: null };
      const booking = { ...before, cancelled_at: event.occurred_at, version: event.version };
      // A series called off as a whole ends: that is planning, not one day given back late.
      return booking.recurring
        ? { booking }
        : { booking, cancellation: cancellationOf(before, before.date, event) };
    }
    case 'ReservationReleased': {
      // Nobody checked in (docs/check-in.md): the date is given back like a late cancellation.
      if (!before) return { booking: null };
      const cancellation = { ...cancellationOf(before, event.data.date, event), released: true };
      return before.recurring
        ? { booking: { ...before, version: event.version }, cancellation }
        : { booking: { ...before, cancelled_at: event.occurred_at, version: event.version }, cancellation };
    }
    case 'CheckedIn':
    case 'NoShowForgiven':
      return before ? { booking: { ...before, version: event.version } } : { booking: null };
    case 'CoPlayerLeft':
      // A named member took themselves off: they no longer play there.
      return before
        ? {
            booking: {
              ...before,
              co_player_ids: before.co_player_ids.filter((id) => id !== event.data.user_id),
              version: event.version,
            },
          }
        : { booking: null };
    default: {
      const unknown: never = event;
      throw new Error(`Unbekanntes Ereignis einer Reservierung: ${JSON.stringify(unknown)}`);
    }
  }
}

function cancellationOf(
  booking: StatsBooking,
  date: IsoDate,
  event: EventEnvelope<ReservationEvent> & { data: { block_id?: string } },
): StatsCancellation {
  return {
    reservation_id: booking.reservation_id,
    club_id: booking.club_id,
    date,
    cancelled_at: event.occurred_at,
    by_block: event.data.block_id !== undefined,
    moved: false,
    released: false,
  };
}

/**
 * Folds events of many streams, in log order, into the rows they leave: what the projection's live
 * updates write, one event at a time.
 */
export function foldStatsFacts(events: Iterable<EventEnvelope<ReservationEvent>>): {
  bookings: Map<string, StatsBooking>;
  cancellations: Map<string, StatsCancellation>;
} {
  const bookings = new Map<string, StatsBooking>();
  const cancellations = new Map<string, StatsCancellation>();
  for (const event of events) {
    const change = statsFacts(bookings.get(event.reservation_id) ?? null, event);
    if (change.booking) bookings.set(event.reservation_id, change.booking);
    const day = change.cancellation;
    const key = day && `${day.reservation_id}:${day.date}`;
    if (day && key && !cancellations.has(key)) cancellations.set(key, day);
    const moved = change.moved && cancellations.get(`${change.moved.reservation_id}:${change.moved.date}`);
    if (moved) moved.moved = true;
  }
  return { bookings, cancellations };
}
