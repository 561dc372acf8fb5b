/**
 * The club's event log (services/api/src/routes/events.ts): the log reads its pages, "Stand am"
 * its newest event.
 */
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { ReservationMadeData } from '@platzbuchung/domain/reservations/events';
import { getJson } from '@platzbuchung/ui/api/client';

/** Who caused an event; both names null for an erased member (domain `fullName` says so). */
export interface ActingMember {
  _id: string;
  first_name: string | null;
  last_name: string | null;
}

/** Omit that keeps a union discriminated: each member loses the keys on its own. */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * One entry of GET /api/events: the stored event with who did it. Its `position` is the club's
 * own event number.
 */
export type LogEvent = OmitEach<EventEnvelope, 'actor_id' | 'club_seq' | 'stream_type' | 'club_id'> & {
  actor: ActingMember;
  /** The booking as it was made, sent with every event of its stream (null if the API has none). */
  reservation?: ReservationMadeData | null;
};

interface EventPage {
  data: LogEvent[];
  next: { before: number } | { after: number } | null;
}

export interface EventQuery {
  before?: number;
  after?: number;
  limit?: number;
  types?: readonly EventType[];
  userId?: string;
  reservationId?: string;
  since?: string;
  until?: string;
}

/** The query string of GET /api/events; only what is set is sent. */
function eventsQuery(clubId: string, query: EventQuery): string {
  const params = new URLSearchParams({ club_id: clubId });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.after !== undefined) params.set('after', String(query.after));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.types?.length) params.set('type', query.types.join(','));
  if (query.userId) params.set('user_id', query.userId);
  if (query.reservationId) params.set('reservation_id', query.reservationId);
  if (query.since) params.set('since', query.since);
  if (query.until) params.set('until', query.until);
  return `/api/events?${params.toString()}`;
}

export const fetchEvents = (clubId: string, query: EventQuery, signal?: AbortSignal) =>
  getJson<EventPage>(eventsQuery(clubId, query), signal);
