/**
 * The event log's kernel: its stream types and what the store adds to every event. It imports
 * nothing, so each kind's events name their envelope without importing the catalogue of every kind
 * (./catalogue), which imports them.
 */

/** Each stream type: the field of its events that names the stream, and its word in the CLI. */
export const streams = {
  reservation: { key: 'reservation_id', label: 'Reserv.' },
  club: { key: 'club_id', label: 'Verein' },
  member: { key: 'user_id', label: 'Mitgl.' },
  block: { key: 'block_id', label: 'Sperrung' },
  waitlist: { key: 'entry_id', label: 'Wartel.' },
  /** A member's account, named by the member's id (docs/architecture/money.md). */
  account: { key: 'account_id', label: 'Konto' },
} as const;

export type StreamType = keyof typeof streams;
export const streamTypes = Object.keys(streams) as StreamType[];

/** Each stream type and the field of its events that names the stream. */
export const streamKeys = Object.fromEntries(streamTypes.map((type) => [type, streams[type].key])) as {
  [S in StreamType]: (typeof streams)[S]['key'];
};

/** What the event store adds to an event: one row of the `events` table. */
export interface EventMetadata {
  /** Global order across all streams and clubs (bigserial); far below 2^53, so a number is exact. */
  position: number;
  /** The club's own count of its events, 1, 2, 3 …: gap-free and in commit order within the club. */
  club_seq: number;
  stream_type: StreamType;
  /** 1 for a stream's first event, unique per stream. */
  version: number;
  club_id: string;
  /** The user whose request caused the event. */
  actor_id: string;
  /** ISO 8601 instant, e.g. `2026-11-23T09:15:00.000Z`. */
  occurred_at: string;
}
