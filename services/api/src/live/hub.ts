/**
 * The live stream's engine (docs/architecture.md, "The live stream"): one per API process, however
 * many grids are open. It holds ONE listening connection and ONE reader loop, and fans each club's
 * committed changes out to every stream of that club open on this process.
 *
 * Two paths feed a club's channel, and the channel numbers what it passes on by the club's own
 * sequence, so the same change arriving twice is passed on once and a missing one is fetched:
 * - the gap-free reader (../events/reader) walks the whole log: nothing committed is ever missed,
 *   even when a notification is lost while the listening connection is down;
 * - a notification names the club whose events just committed (the `events` trigger sends the club
 *   id), and the loop reads the newer events of every club notified meanwhile, in one query. The
 *   gap-free reader waits for every older write transaction on the server to end; this path does
 *   not, since a club's sequence is only ever appended under the club's lock (../commands/handle),
 *   so once event n is committed so is everything before it.
 * Under load the notifications come faster than a query takes, so each query serves many of them:
 * the loop costs about one query per round trip, however many bookings and streams there are.
 */
import type { Logger } from 'pino';
import type { BlockEvent } from '@platzbuchung/domain/blocks/events';
import { streamIdOf, type EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import {
  blockChange,
  isLiveEventType,
  reservationChange,
  type LiveChange,
} from '@platzbuchung/domain/live/changes';
import type { ReservationEvent } from '@platzbuchung/domain/reservations/events';
import { evolve } from '@platzbuchung/domain/reservations/evolve';
import type { Reservation } from '@platzbuchung/domain/types';
import { defaultLiveConfig, type LiveConfig } from '../config';
import type { Db } from '../db/connect';
import { logEnd, readCommitted, type LogCursor } from '../events/reader';
import { EVENT_COLUMNS, lastClubSeq, toEnvelope, type EventRow } from '../events/store';
import { Alarm, listenForAppends } from '../events/subscriptions';
import { releaseLease, renewLeases, takeLease } from './leases';

export interface LiveTiming {
  /** How often the gap-free reader walks the log: it catches what no notification announced. */
  pollMs: number;
  /**
   * The comment that keeps proxies and browsers from closing a quiet stream. Each heartbeat also
   * renews the streams' leases and ends the streams whose login ended.
   */
  heartbeatMs: number;
  reconnectMs: number;
}

export const defaultLiveTiming: LiveTiming = {
  pollMs: 1_000,
  heartbeatMs: defaultLiveConfig.heartbeatMs,
  reconnectMs: 2_000,
};

/** A lease outlives a few heartbeats, so one slow renewal does not end a stream. */
const LEASE_HEARTBEATS = 3;

export interface LiveLimits {
  /** Open streams of one member over every API process (their leases); one more is refused. */
  streamsPerMember: number;
  /** Open streams on this process, whoever holds them; one more is refused. */
  streamsPerProcess: number;
  /**
   * A stream resumes at most this many events back; further back, the screen loads afresh. It also
   * bounds the rows a resume reads of the bookings' earlier history, so a resume costs a fixed
   * number of queries of bounded size, whatever was missed.
   */
  maxCatchUp: number;
  /** Unsent bytes a slow reader may hold before its stream is closed (it reconnects and resumes). */
  maxBufferedBytes: number;
}

export const defaultLiveLimits: LiveLimits = {
  streamsPerMember: defaultLiveConfig.streamsPerMember,
  streamsPerProcess: defaultLiveConfig.streamsPerProcess,
  maxCatchUp: 1_000,
  maxBufferedBytes: 1024 * 1024,
};

/** Where a stream's text goes: the response body. */
export interface LiveSink {
  write(text: string): unknown;
  end(): unknown;
  readonly writableLength: number;
}

export interface LiveHubOptions {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  timing?: Partial<LiveTiming>;
  limits?: Partial<LiveLimits>;
}

/** The hub's timing and bounds as the configuration sets them (`LIVE_*` in the README). */
export function liveSettings(config: LiveConfig): Required<Pick<LiveHubOptions, 'timing' | 'limits'>> {
  return {
    timing: { heartbeatMs: config.heartbeatMs },
    limits: { streamsPerMember: config.streamsPerMember, streamsPerProcess: config.streamsPerProcess },
  };
}

export interface OpenStream {
  clubId: string;
  /** The login the stream belongs to: it ends when the login ends (checked at each heartbeat). */
  sessionId: string;
  /** Whose stream it is: counts toward the member's bound; a change to the member closes it. */
  userId: string;
  /** The last club sequence the screen has (Last-Event-ID); undefined for "from now on". */
  after: number | undefined;
  sink: LiveSink;
  /** Aborts when the client hangs up: a join under way stops, and the stream is closed. */
  hangUp: AbortSignal;
}

export type OpenResult =
  { ok: true; close: () => void } | { ok: false; reason: 'too-many' | 'busy' | 'stopping' };

/** One SSE message; the id lets the browser resume after it. */
export function sseMessage(change: LiveChange): string {
  return `id: ${change.club_seq}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`;
}

/** Says the stream is live; `resumed: false` tells the screen to load afresh before applying changes. */
export function sseReady(clubSeq: number, resumed: boolean): string {
  return `retry: 3000\nevent: ready\ndata: ${JSON.stringify({ club_seq: clubSeq, resumed })}\n\n`;
}

export const SSE_HEARTBEAT = ':\n\n';

interface Stream {
  sink: LiveSink;
  userId: string;
  closed: boolean;
  /** The club sequence this stream has passed (sent or skipped as not shown). */
  seq: number;
  /** Its row in `live_stream_leases`; undefined until taken. */
  leaseId: string | undefined;
  close: () => void;
}

/** A stream while its join reads what it missed: what the channel passes meanwhile waits here. */
interface Joining {
  stream: Stream;
  /** Changes after the join's starting point, in the club's order. */
  queued: LiveChange[];
}

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

/** One club's streams on this process, and what it has passed on to them. */
class Channel {
  readonly streams = new Set<Stream>();
  /** Streams reading what they missed; they get the channel's changes once they have caught up. */
  readonly #joining = new Set<Joining>();
  /** Streams joined or joining; the channel is forgotten when none is left. */
  members = 0;
  /** The club sequence passed on so far; read by the first join (null until then). */
  #seq: number | null = null;
  readonly #rows = new RowCache();
  #chain: Promise<void> = Promise.resolve();

  constructor(
    readonly clubId: string,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly limits: LiveLimits,
  ) {}

  get seq(): number {
    return this.#seq ?? 0;
  }

  /** Where the notified path reads from; null before the first join has read the club's end. */
  get passedSeq(): number | null {
    return this.#seq;
  }

  /** Steps run one after another, so sequence checks never interleave; each is short. */
  #step<T>(run: () => Promise<T>): Promise<T | undefined> {
    const done = this.#chain.then(run).catch((err: unknown) => {
      this.logger.error({ err, clubId: this.clubId }, 'live channel step failed');
      return undefined;
    });
    this.#chain = done.then(() => undefined);
    return done;
  }

  /** Events of this club from the reader; those passed on already are dropped. */
  async offer(events: readonly EventEnvelope[]): Promise<void> {
    await this.#step(async () => {
      // Before the first join nobody listens, and what the club had is read by that join.
      if (this.#seq === null) return;
      const newer = events.filter((event) => event.club_seq > this.seq);
      if (!newer.length) return;
      // The reader walks by transaction; within a club that is the club's order, but a change the
      // notified path has not fetched yet may lie between: fetch the club's events rather than skip.
      if (newer[0]!.club_seq !== this.seq + 1) await this.#fetchNewer();
      else await this.#pass(newer);
    });
  }

  /**
   * A stream joins in three parts, so a join that reads much never holds up the club's other
   * streams: a short step fixes where the channel stands (from then on its changes queue for the
   * stream); what the stream missed is read outside the steps, in a fixed number of queries; then,
   * without a pause, the missed changes, `ready` and the queue are written and the stream is in.
   */
  async join(stream: Stream, after: number | undefined, hangUp: AbortSignal): Promise<void> {
    const joining: Joining = { stream, queued: [] };
    const from = await this.#step(async () => {
      this.#seq ??= await lastClubSeq(this.db, this.clubId);
      // An id from another process that is ahead: one page brings this channel up to it.
      if (after !== undefined && after > this.seq) await this.#fetchPage();
      this.#joining.add(joining);
      return this.seq;
    });
    try {
      if (from === undefined || hangUp.aborted) return stream.close();
      const missed = await this.#missedSince(after, from, hangUp);
      if (stream.closed || hangUp.aborted) return stream.close();
      stream.seq = after ?? from;
      for (const change of missed ?? []) this.#send(stream, change);
      stream.sink.write(sseReady(from, missed !== undefined));
      stream.seq = from;
      for (const change of joining.queued) this.#send(stream, change);
      if (!stream.closed) this.streams.add(stream);
    } catch (err) {
      this.logger.error({ err, clubId: this.clubId }, 'live stream could not join');
      // The browser reconnects and tries again.
      stream.close();
    } finally {
      this.#joining.delete(joining);
    }
  }

  /** Forgets a stream that ends while it joins. */
  leave(stream: Stream): void {
    this.streams.delete(stream);
    for (const joining of this.#joining) if (joining.stream === stream) this.#joining.delete(joining);
  }

  /**
   * The changes after `after` up to `from`, or undefined when they cannot be resumed (no id, from
   * the future or too far back, or bookings whose earlier history is longer than the bound): the
   * screen then loads afresh. Two queries at most, whatever was missed.
   */
  async #missedSince(
    after: number | undefined,
    from: number,
    hangUp: AbortSignal,
  ): Promise<LiveChange[] | undefined> {
    if (after === undefined || after > from || from - after > this.limits.maxCatchUp) return undefined;
    if (after === from) return [];
    const events = await this.#read(after, from);
    if (hangUp.aborted) return undefined;
    return this.#changes(events, { boundHistory: true });
  }

  async #fetchNewer(): Promise<void> {
    while (await this.#fetchPage());
  }

  /** The club's next page of events after what was passed on; true when the page was full. */
  async #fetchPage(): Promise<boolean> {
    const events = await this.#read(this.seq, undefined);
    await this.#pass(events);
    return events.length >= this.limits.maxCatchUp;
  }

  async #read(after: number, upTo: number | undefined): Promise<EventEnvelope[]> {
    const query = this.db('events')
      .where('club_id', this.clubId)
      .andWhere('club_seq', '>', after)
      .orderBy('club_seq')
      .limit(this.limits.maxCatchUp)
      .select([...EVENT_COLUMNS]);
    if (upTo !== undefined) query.andWhere('club_seq', '<=', upTo);
    return ((await query) as EventRow[]).map(toEnvelope);
  }

  async #pass(events: readonly EventEnvelope[]): Promise<void> {
    // Who may listen was decided when the stream opened. A change to the member (their role, or
    // whatever else the member stream records) closes their streams: the browser reconnects and is
    // asked again, by the same rules as every other request.
    for (const event of events) {
      if (event.stream_type !== 'member') continue;
      const memberId = streamIdOf(event);
      for (const stream of this.streams) if (stream.userId === memberId) stream.close();
      for (const { stream } of this.#joining) if (stream.userId === memberId) stream.close();
    }
    const changes = (await this.#changes(events, { boundHistory: false })) ?? [];
    for (const change of changes) {
      for (const stream of this.streams) this.#send(stream, change);
    }
    for (const joining of this.#joining) this.#queue(joining, changes);
    const last = events.at(-1);
    if (last && last.club_seq > this.seq) this.#seq = last.club_seq;
    for (const stream of this.streams) if (stream.seq < this.seq) stream.seq = this.seq;
  }

  /** A joining stream's queue is bounded like a slow reader's buffer: past it, the stream closes. */
  #queue(joining: Joining, changes: readonly LiveChange[]): void {
    joining.queued.push(...changes);
    if (joining.queued.length > this.limits.maxCatchUp) joining.stream.close();
  }

  #send(stream: Stream, change: LiveChange): void {
    if (change.club_seq <= stream.seq) return;
    stream.seq = change.club_seq;
    if (stream.sink.writableLength > this.limits.maxBufferedBytes) {
      // A reader this far behind resumes from its Last-Event-ID on reconnecting.
      stream.close();
      return;
    }
    stream.sink.write(sseMessage(change));
  }

  /**
   * The messages for events in the club's order; events a grid does not show give none. Each
   * booking is folded from the row the cache holds before its first event here, else from its
   * earlier history, read for all such bookings in one query. With `boundHistory` (a resume) that
   * read is bounded, and a longer history gives undefined: the screen loads afresh instead.
   */
  async #changes(
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
    return changes;
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

export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #timing: LiveTiming;
  readonly #limits: LiveLimits;
  readonly #channels = new Map<string, Channel>();
  /** Every stream of this process, joined or joining: the per-process bound and the heartbeat's list. */
  readonly #streams = new Set<Stream>();
  readonly #alarm = new Alarm();
  #running:
    { loop: Promise<void>; listener: { close(): Promise<void> }; heartbeat: NodeJS.Timeout } | undefined;
  #stopped = false;
  /** Leases being given back; stopping waits for them, so the pool is not closed under them. */
  readonly #releasing = new Set<Promise<void>>();
  /** A renewal still under way when the next heartbeat comes is not started twice. */
  #renewing = false;
  /** Clubs notified since the loop last read them. */
  readonly #notified = new Set<string>();

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#timing = { ...defaultLiveTiming, ...options.timing };
    this.#limits = { ...defaultLiveLimits, ...options.limits };
  }

  /** Open streams on this process, for the bench and health views. */
  get streamCount(): number {
    let count = 0;
    for (const channel of this.#channels.values()) count += channel.streams.size;
    return count;
  }

  get #leaseTtlMs(): number {
    return this.#timing.heartbeatMs * LEASE_HEARTBEATS;
  }

  async open(request: OpenStream): Promise<OpenResult> {
    if (this.#stopped) return { ok: false, reason: 'stopping' };
    if (this.#streams.size >= this.#limits.streamsPerProcess) return { ok: false, reason: 'busy' };
    const { db, logger } = this.#options;
    let joined: Channel | undefined;
    const stream: Stream = {
      sink: request.sink,
      closed: false,
      seq: 0,
      userId: request.userId,
      leaseId: undefined,
      close: () => {
        if (stream.closed) return;
        stream.closed = true;
        this.#streams.delete(stream);
        request.hangUp.removeEventListener('abort', stream.close);
        if (joined) {
          joined.leave(stream);
          // A channel without streams is forgotten; the next stream of the club starts a fresh one.
          if (--joined.members === 0 && this.#channels.get(request.clubId) === joined) {
            this.#channels.delete(request.clubId);
          }
        }
        if (stream.leaseId) this.#release(stream.leaseId);
        request.sink.end();
      },
    };
    // Counted before the first wait, so parallel requests cannot all pass the bound.
    this.#streams.add(stream);
    try {
      await this.#start();
      stream.leaseId = await takeLease(
        db,
        { userId: request.userId, clubId: request.clubId, sessionId: request.sessionId },
        this.#limits.streamsPerMember,
        this.#leaseTtlMs,
      );
    } catch (err) {
      this.#streams.delete(stream);
      throw err;
    }
    if (!stream.leaseId) {
      this.#streams.delete(stream);
      return { ok: false, reason: 'too-many' };
    }
    if (stream.closed) {
      // Stopped while the lease was taken.
      this.#release(stream.leaseId);
      return { ok: false, reason: 'stopping' };
    }
    joined = this.#channels.get(request.clubId);
    if (!joined) {
      joined = new Channel(request.clubId, db, logger, this.#limits);
      this.#channels.set(request.clubId, joined);
    }
    joined.members++;
    if (request.hangUp.aborted) stream.close();
    else request.hangUp.addEventListener('abort', stream.close, { once: true });
    if (!stream.closed) await joined.join(stream, request.after, request.hangUp);
    return { ok: true, close: stream.close };
  }

  #release(leaseId: string): void {
    const released = releaseLease(this.#options.db, leaseId)
      .catch((err: unknown) =>
        this.#options.logger.warn({ err }, 'live stream lease not released; it expires'),
      )
      .finally(() => this.#releasing.delete(released));
    this.#releasing.add(released);
  }

  /** Ends every stream (browsers reconnect, to another process), then the reader and listener. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const stream of [...this.#streams]) stream.close();
    await Promise.all(this.#releasing);
    const running = this.#running;
    if (!running) return;
    clearInterval(running.heartbeat);
    this.#alarm.ring();
    await running.loop;
    await running.listener.close();
  }

  /**
   * Keeps quiet streams open, renews the leases of this process's streams and ends the streams
   * whose login has ended (logout, password reset, its lifetime, the member no longer active in
   * the club): one query for all of them, and one to renew.
   */
  async #heartbeat(): Promise<void> {
    for (const channel of this.#channels.values()) {
      for (const stream of channel.streams) stream.sink.write(SSE_HEARTBEAT);
    }
    const leased = [...this.#streams].filter((stream) => stream.leaseId !== undefined);
    if (!leased.length || this.#renewing) return;
    this.#renewing = true;
    try {
      const held = await renewLeases(
        this.#options.db,
        leased.map((stream) => stream.leaseId!),
        this.#leaseTtlMs,
      );
      for (const stream of leased) if (!held.has(stream.leaseId!)) stream.close();
    } catch (err) {
      // The leases outlive a few heartbeats; the next one tries again.
      this.#options.logger.warn({ err }, 'live stream leases not renewed');
    } finally {
      this.#renewing = false;
    }
  }

  #start(): Promise<void> {
    if (this.#running) return Promise.resolve();
    const { db, databaseUrl, logger } = this.#options;
    const listener = listenForAppends(
      databaseUrl,
      { reconnectMs: this.#timing.reconnectMs, applicationName: 'live-stream', logger },
      {
        onNotify: (clubId) => {
          if (!this.#channels.has(clubId)) return;
          this.#notified.add(clubId);
          this.#alarm.ring();
        },
        onOpen: () => {
          for (const clubId of this.#channels.keys()) this.#notified.add(clubId);
          this.#alarm.ring();
        },
      },
    );
    const heartbeat = setInterval(() => void this.#heartbeat(), this.#timing.heartbeatMs);
    heartbeat.unref();
    const started = logEnd(db);
    this.#running = { loop: started.then((cursor) => this.#readLoop(cursor)), listener, heartbeat };
    return started.then(() => undefined);
  }

  /**
   * The one reader loop: the newer events of the notified clubs first (fast), then, once every
   * `pollMs`, the next page of the gap-free reader (complete). Each channel drops what it has.
   */
  async #readLoop(start: LogCursor): Promise<void> {
    let cursor = start;
    let walkedAt = 0;
    while (!this.#stopped) {
      let pauseMs: number;
      try {
        if (this.#notified.size) await this.#readNotified();
        let full = false;
        if (performance.now() - walkedAt >= this.#timing.pollMs) {
          const page = await readCommitted(this.#options.db, cursor, this.#limits.maxCatchUp);
          cursor = page.cursor;
          full = page.events.length === this.#limits.maxCatchUp;
          if (!full) walkedAt = performance.now();
          await this.#offer(page.events);
        }
        pauseMs = full || this.#notified.size ? 0 : this.#timing.pollMs - (performance.now() - walkedAt);
      } catch (err) {
        if (this.#stopped) return;
        this.#options.logger.error({ err }, 'live stream cannot read the event log');
        pauseMs = this.#timing.reconnectMs;
      }
      if (pauseMs > 0) await this.#alarm.sleep(pauseMs);
    }
  }

  /** One query for every notified club's events after what its channel has passed on. */
  async #readNotified(): Promise<void> {
    const after = new Map<string, number>();
    for (const clubId of this.#notified) {
      const passed = this.#channels.get(clubId)?.passedSeq;
      if (passed !== undefined && passed !== null) after.set(clubId, passed);
    }
    this.#notified.clear();
    if (!after.size) return;
    const limit = this.#limits.maxCatchUp;
    const rows: EventRow[] = await this.#options
      .db('events')
      .join(
        this.#options.db.raw('unnest(?::uuid[], ?::bigint[]) AS notified(club_id, after_seq)', [
          [...after.keys()],
          [...after.values()],
        ]),
        function () {
          this.on('events.club_id', '=', 'notified.club_id').andOn(
            'events.club_seq',
            '>',
            'notified.after_seq',
          );
        },
      )
      .orderBy([{ column: 'events.club_id' }, { column: 'events.club_seq' }])
      .limit(limit)
      .select(EVENT_COLUMNS.map((column) => `events.${column}`));
    const events = rows.map(toEnvelope);
    // Clubs cut off by the limit are read again on the next round.
    if (rows.length === limit) for (const clubId of after.keys()) this.#notified.add(clubId);
    await this.#offer(events);
  }

  async #offer(events: readonly EventEnvelope[]): Promise<void> {
    const byClub = new Map<string, EventEnvelope[]>();
    for (const event of events) {
      if (!this.#channels.has(event.club_id)) continue;
      const list = byClub.get(event.club_id) ?? [];
      list.push(event);
      byClub.set(event.club_id, list);
    }
    await Promise.all([...byClub].map(([clubId, list]) => this.#channels.get(clubId)?.offer(list)));
  }
}
