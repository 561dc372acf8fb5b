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
 *   not, since a club's sequence is only ever appended under the club's lock (../commands/club-lock),
 *   so once event n is committed so is everything before it.
 * Under load the notifications come faster than a query takes, so each query serves many of them:
 * the loop costs about one query per round trip, however many bookings and streams there are.
 */
import type { EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import { logEnd, readCommitted, type LogCursor } from '../events/reader';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from '../events/rows';
import { Alarm, listenForAppends } from '../events/append-listener';
import { Channel, type Stream } from './channel';
import { releaseLease, renewLeases, takeLease } from './leases';
import {
  defaultLiveTiming,
  defaultLiveLimits,
  type LiveHubOptions,
  type LiveLimits,
  type LiveTiming,
  type OpenResult,
  type OpenStream,
} from './settings';
import { SSE_HEARTBEAT } from './sse';

/** A lease outlives a few heartbeats, so one slow renewal does not end a stream. */
const LEASE_HEARTBEATS = 3;

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
