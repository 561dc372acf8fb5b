import type { Knex } from 'knex';
import type {
  EventEnvelope,
  ReservationEvent,
  ReservationEventType,
} from '@platzbuchung/domain/reservations/events';
import type { Db } from '../db/connect';

/** A row of `reservation_events`. */
interface EventRow {
  position: number;
  reservation_id: string;
  version: number;
  club_id: string;
  type: ReservationEventType;
  data: ReservationEvent['data'];
  actor_id: string;
  occurred_at: Date;
}

export function toEnvelope(row: EventRow): EventEnvelope {
  return {
    position: Number(row.position),
    reservation_id: row.reservation_id,
    version: row.version,
    club_id: row.club_id,
    type: row.type,
    data: row.data,
    actor_id: row.actor_id,
    occurred_at: row.occurred_at.toISOString(),
  } as EventEnvelope;
}

export const EVENT_COLUMNS = [
  'position',
  'reservation_id',
  'version',
  'club_id',
  'type',
  'data',
  'actor_id',
  'occurred_at',
] as const;

/**
 * Appends one command's events to their stream. `expectedVersion` is the stream's version before
 * them; the unique (reservation_id, version) key turns any lost race into an error instead of a fork.
 */
export async function appendEvents(
  trx: Knex.Transaction,
  events: readonly ReservationEvent[],
  meta: {
    club_id: string;
    actor_id: string;
    occurred_at: Date;
    expectedVersion: number;
  },
): Promise<EventEnvelope[]> {
  const rows = events.map((event, index) => {
    const version = meta.expectedVersion + index + 1;
    return {
      reservation_id: event.reservation_id,
      version,
      club_id: meta.club_id,
      type: event.type,
      data: event.data,
      actor_id: meta.actor_id,
      occurred_at: meta.occurred_at,
    };
  });
  if (rows.length === 0) return [];
  const stored: EventRow[] = await trx('reservation_events')
    .insert(rows)
    .returning([...EVENT_COLUMNS]);
  return stored.map(toEnvelope);
}

export async function readStream(db: Db | Knex.Transaction, reservationId: string): Promise<EventEnvelope[]> {
  const rows: EventRow[] = await db('reservation_events')
    .where({ reservation_id: reservationId })
    .orderBy('version')
    .select([...EVENT_COLUMNS]);
  return rows.map(toEnvelope);
}

export interface EventFilter {
  clubId?: string;
  reservationId?: string;
  types?: readonly ReservationEventType[];
  actorId?: string;
  since?: Date;
  until?: Date;
  /** Exclusive bounds on position. */
  afterPosition?: number;
  beforePosition?: number;
}

export function filteredEvents(db: Db, filter: EventFilter): Knex.QueryBuilder {
  const query = db('reservation_events');
  if (filter.clubId) query.where('club_id', filter.clubId);
  if (filter.reservationId) query.where('reservation_id', filter.reservationId);
  if (filter.types?.length) query.whereIn('type', filter.types as string[]);
  if (filter.actorId) query.where('actor_id', filter.actorId);
  if (filter.since) query.where('occurred_at', '>=', filter.since);
  if (filter.until) query.where('occurred_at', '<', filter.until);
  if (filter.afterPosition !== undefined) query.where('position', '>', filter.afterPosition);
  if (filter.beforePosition !== undefined) query.where('position', '<', filter.beforePosition);
  return query;
}

export async function listEvents(
  db: Db,
  filter: EventFilter,
  options: { limit: number; newestFirst: boolean },
): Promise<EventEnvelope[]> {
  const rows: EventRow[] = await filteredEvents(db, filter)
    .orderBy('position', options.newestFirst ? 'desc' : 'asc')
    .limit(options.limit)
    .select([...EVENT_COLUMNS]);
  return rows.map(toEnvelope);
}
