/**
 * A club's committed events as the live stream's messages: each booking's row after its event,
 * folded from the row last seen or from its earlier history, read in one query for all of them.
 */
import type { BlockEvent } from '@platzbuchung/domain/blocks/events';
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import {
  blockChange,
  isLiveEventType,
  reservationChange,
  type LiveChange,
} from '@platzbuchung/domain/live/changes';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Reservation } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from '../events/rows';
import { playerNamer, withPlayersNamed } from '../reservations/player-names';
import type { LiveLimits } from './settings';

const MAX_CACHED_ROWS = 5_000;

/** The bookings the channel last saw, so most changes need no read of their stream. */
class RowCache {
  readonly #rows = new Map<string, { version: number; row: Reservation | null }>();

  get(id: string, version: number): Reservation | null | undefined {
    const entry = this.#rows.get(id);
    return entry?.version === version ? entry.row : undefined;
  }

  set(id: string, version: number, row: Reservation | null): void {
    const entry = this.#rows.get(id);
    if (entry && entry.version >= version) return;
    this.#rows.delete(id);
    this.#rows.set(id, { version, row });
    if (this.#rows.size > MAX_CACHED_ROWS) this.#rows.delete(this.#rows.keys().next().value!);
  }
}

/** The messages of one club's events, with the bookings it last saw kept for the next ones. */
export class ClubChanges {
  readonly #rows = new RowCache();

  constructor(
    private readonly db: Db,
    private readonly limits: LiveLimits,
  ) {}

  /**
   * The messages for events in the club's order; events a grid does not show give none. Each
   * booking is folded from the row the cache holds before its first event here, else from its
   * earlier history, read for all such bookings in one query. With `boundHistory` (a resume) that
   * read is bounded, and a longer history gives undefined: the screen loads afresh instead.
   */
  async changesOf(
    events: readonly EventEnvelope[],
    { boundHistory }: { boundHistory: boolean },
  ): Promise<LiveChange[] | undefined> {
    const reservationEvents = events.filter(
      (event): event is EventEnvelope<ReservationEvent> => event.stream_type === 'reservation',
    );
    const rows = await this.#rowsBefore(reservationEvents, boundHistory);
    if (!rows) return undefined;
    const changes: LiveChange[] = [];
    for (const event of events) {
      if (!isLiveEventType(event.type)) continue;
      if (event.stream_type === 'block') {
        changes.push(blockChange(event.club_seq, event.club_id, event as unknown as BlockEvent));
        continue;
      }
      const reservationEvent = event as EventEnvelope<ReservationEvent>;
      const id = reservationEvent.reservation_id;
      const change = reservationChange(event.club_seq, rows.get(id) ?? null, reservationEvent);
      rows.set(id, change.reservation);
      this.#rows.set(id, event.version, change.reservation);
      changes.push(change);
    }
    return this.#withPlayers(changes);
  }

  /**
   * Each booking's co-players as the lists answer them (docs/who-plays.md): members
   * with their names, guests by name, read for all the messages in one query.
   */
  async #withPlayers(changes: LiveChange[]): Promise<LiveChange[]> {
    const refs = changes.flatMap((c) => ('reservation' in c && c.reservation?.co_players) || []);
    const name = await playerNamer(this.db, refs);
    return changes.map((c) =>
      'reservation' in c && c.reservation ? { ...c, reservation: withPlayersNamed(c.reservation, name) } : c,
    );
  }

  /**
   * Each booking as it was before its first event in `events`: from the cache, else folded from
   * its earlier history; undefined when `bounded` and that history is longer than the bound.
   */
  async #rowsBefore(
    events: readonly EventEnvelope<ReservationEvent>[],
    bounded: boolean,
  ): Promise<Map<string, Reservation | null> | undefined> {
    const rows = new Map<string, Reservation | null>();
    const unknown = new Map<string, number>();
    for (const event of events) {
      const id = event.reservation_id;
      if (rows.has(id) || unknown.has(id)) continue;
      const cached = event.version === 1 ? null : this.#rows.get(id, event.version - 1);
      if (cached !== undefined) rows.set(id, cached);
      else unknown.set(id, event.version);
    }
    if (!unknown.size) return rows;
    const history = await this.#histories(unknown, bounded ? this.limits.maxCatchUp : undefined);
    if (!history) return undefined;
    for (const id of unknown.keys()) rows.set(id, null);
    for (const earlier of history) {
      const id = earlier.reservation_id;
      rows.set(id, evolve(rows.get(id) ?? null, earlier));
    }
    return rows;
  }

  /** The events of these bookings before the given versions, in one query; undefined past `limit`. */
  async #histories(
    before: ReadonlyMap<string, number>,
    limit: number | undefined,
  ): Promise<EventEnvelope<ReservationEvent>[] | undefined> {
    const query = this.db('events')
      .join(
        this.db.raw('unnest(?::uuid[], ?::bigint[]) AS wanted(stream_id, before_version)', [
          [...before.keys()],
          [...before.values()],
        ]),
        function () {
          this.on('events.stream_id', '=', 'wanted.stream_id').andOn(
            'events.version',
            '<',
            'wanted.before_version',
          );
        },
      )
      .where('events.stream_type', 'reservation')
      .orderBy([{ column: 'events.stream_id' }, { column: 'events.version' }])
      .select(EVENT_COLUMNS.map((column) => `events.${column}`));
    if (limit !== undefined) query.limit(limit + 1);
    const rows = (await query) as EventRow[];
    if (limit !== undefined && rows.length > limit) return undefined;
    return rows.map((row) => toEnvelope(row) as EventEnvelope<ReservationEvent>);
  }
}
