/**
 * What a read model is to the registry (./registry): the types every projection implements, apart
 * from the list of them, so no projection imports the registry that imports it.
 */
import type { Knex } from 'knex';
import type { DomainEvent, EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';

export interface ProjectionDifference {
  id: string;
  live: Record<string, unknown> | null;
  rebuilt: Record<string, unknown> | null;
}

export interface Projection {
  name: string;
  handles: readonly EventType[];
  tables: readonly string[];
  /** Applies newly appended events (in order) inside their transaction. */
  apply(trx: Knex.Transaction, events: readonly EventEnvelope[]): Promise<void>;
  /**
   * The rows `apply` would insert, when it needs to read nothing first (a new booking starts its
   * stream); undefined otherwise. Such rows are written by the appending statement itself.
   */
  rowsWithoutRead?(events: readonly VersionedEvent[]): RowsToInsert | undefined;
  /** Recreates the projection from the whole log; answers the number of rows written. */
  rebuild(trx: Knex.Transaction): Promise<number>;
  /** Replays the log beside the live rows and lists every row that differs. */
  verify(trx: Knex.Transaction): Promise<{ rows: number; differences: ProjectionDifference[] }>;
}

/** An event about to be appended, with the version it gets in its stream. */
export interface VersionedEvent {
  event: DomainEvent;
  version: number;
}

/** Rows for one table, inserted as they are. */
export interface RowsToInsert {
  table: string;
  rows: readonly object[];
}
