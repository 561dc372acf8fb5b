/**
 * What a part of the member's data export is (./export lists them): its types apart from the list,
 * so a kind of change that adds its part names them without importing the list that imports it.
 */
import type { EventType, StreamType } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import type { EventRow } from '../events/rows';

/** One event as the export shows it: what, when, and whether the member did it. */
export interface ExportedEvent {
  type: EventType;
  title: string;
  occurred_at: string;
  by_me: boolean;
  /** The event's content, for events of the member's own streams only. */
  data?: unknown;
}

/**
 * A kind of change whose streams belong to a member (docs/privacy.md): each stream opened by an
 * `opening` event whose data names the member (`user_id`), or, with `opening` null, one stream
 * named by the member's own id (their account). All its events are the member's own, so
 * none of them is listed under "actions in the club"; `section` makes the export's part under its
 * key from them. A new kind with such streams is one entry in `ownStreamSections`.
 */
export interface OwnStreamSection<T> {
  streamType: StreamType;
  opening: EventType | null;
  section(
    db: Db,
    userId: string,
    events: readonly EventRow[],
    exported: (row: EventRow) => ExportedEvent,
  ): Promise<T>;
}
