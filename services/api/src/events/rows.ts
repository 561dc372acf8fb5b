/**
 * A row of the `events` table and the envelope it becomes: the one mapping every reader of the
 * log uses (the store, the gap-free reader, the live stream, the admin log, the export).
 */
import {
  eventFromStored,
  type EventEnvelope,
  type EventType,
  type StreamType,
} from '@platzbuchung/domain/events/catalogue';

/** A row of `events` as pg returns it. */
export interface EventRow {
  position: number;
  club_seq: number;
  stream_type: StreamType;
  stream_id: string;
  version: number;
  club_id: string;
  type: EventType;
  data: unknown;
  actor_id: string;
  occurred_at: Date;
}

export const EVENT_COLUMNS = [
  'position',
  'club_seq',
  'stream_type',
  'stream_id',
  'version',
  'club_id',
  'type',
  'data',
  'actor_id',
  'occurred_at',
] as const;

export function toEnvelope(row: EventRow): EventEnvelope {
  return {
    ...eventFromStored(row.type, row.stream_id, row.data),
    position: Number(row.position),
    club_seq: Number(row.club_seq),
    stream_type: row.stream_type,
    version: row.version,
    club_id: row.club_id,
    actor_id: row.actor_id,
    occurred_at: row.occurred_at.toISOString(),
  } as EventEnvelope;
}
