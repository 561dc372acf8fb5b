/**
 * The live stream's engine (docs/architecture/live-stream.md): one per API process, however
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
import { toEnvelope } from '../events/rows';
import { eventsAfter } from './notified-reads';
import { Alarm, listenForAppends } from '../events/append-listener';
import { Channel, type Stream } from './channel';
import { ProcessLeases } from './leases';
import {
  defaultLiveTiming,
  defaultLiveLimits,
  type LiveHubOptions,
  type LiveLimits,
  type LiveTiming,
  type LiveSink,
  type OpenDisplayStream,
  type OpenResult,
  type OpenStream,
} from './settings';
import { DisplayWatch } from './displays';
import { SSE_HEARTBEAT, sseMessage, sseSignal } from './sse';

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
  readonly #leases: ProcessLeases;
  /** Clubs notified since the loop last read them. */
  readonly #notified = new Set<string>();
  /** The channel each stream joined. */
  readonly #joined = new Map<Stream, Channel>();
  readonly #displays: DisplayWatch;

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#timing = { ...defaultLiveTiming, ...options.timing };
    this.#limits = { ...defaultLiveLimits, ...options.limits };
    this.#displays = new DisplayWatch({ ...options, reconnectMs: this.#timing.reconnectMs });
    this.#leases = new ProcessLeases(options, this.#timing.heartbeatMs * LEASE_HEARTBEATS);
  }

  /** Open streams on this process, for the bench and health views. */
  get streamCount(): number {
    let count = 0;
    for (const channel of this.#channels.values()) count += channel.streams.size;
    return count;
  }

  async open(request: OpenStream): Promise<OpenResult> {
    if (this.#stopped) return { ok: false, reason: 'stopping' };
    if (this.#streams.size >= this.#limits.streamsPerProcess) return { ok: false, reason: 'busy' };
    const stream = this.#newStream(request, request.userId, sseMessage);
    // Counted before the first wait, so parallel requests cannot all pass the bound.
    this.#streams.add(stream);
    try {
      await this.#start();
      stream.leaseId = await this.#leases.take(
        { userId: request.userId, clubId: request.clubId, sessionId: request.sessionId },
        this.#limits.streamsPerMember,
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
      this.#leases.release(stream.leaseId);
      return { ok: false, reason: 'stopping' };
    }
    return this.#join(stream, request);
  }

  /**
   * A clubhouse screen's stream (docs/architecture/clubhouse-screen.md): no login and no
   * lease; its link is its credential, so it ends when the club's link is renewed (./displays).
   */
  async openDisplay(request: OpenDisplayStream): Promise<OpenResult> {
    if (this.#stopped) return { ok: false, reason: 'stopping' };
    if (this.#streams.size >= this.#limits.streamsPerProcess) return { ok: false, reason: 'busy' };
    const watched = { clubId: request.clubId, secretHash: request.secretHash, close: () => stream.close() };
    const stream = this.#newStream(request, null, sseSignal, () => this.#displays.remove(watched));
    if (!this.#displays.add(watched)) return { ok: false, reason: 'too-many' };
    this.#streams.add(stream);
    try {
      await this.#start();
    } catch (err) {
      stream.close();
      throw err;
    }
    const opened = await this.#join(stream, request);
    // A renewal between the link's lookup and the watch notified before this stream was watched.
    if (opened.ok) await this.#displays.check([request.clubId]);
    return opened;
  }

  #newStream(
    request: { clubId: string; sink: LiveSink; hangUp: AbortSignal },
    userId: string | null,
    message: Stream['message'],
    onClose?: () => void,
  ): Stream {
    const stream: Stream = {
      sink: request.sink,
      closed: false,
      seq: 0,
      userId,
      message,
      leaseId: undefined,
      close: () => {
        if (stream.closed) return;
        stream.closed = true;
        this.#streams.delete(stream);
        request.hangUp.removeEventListener('abort', stream.close);
        const joined = this.#joined.get(stream);
        this.#joined.delete(stream);
        if (joined) {
          joined.leave(stream);
          // A channel without streams is forgotten; the next stream of the club starts a fresh one.
          if (--joined.members === 0 && this.#channels.get(request.clubId) === joined) {
            this.#channels.delete(request.clubId);
          }
        }
        if (stream.leaseId) this.#leases.release(stream.leaseId);
        onClose?.();
        request.sink.end();
      },
    };
    return stream;
  }

  async #join(
    stream: Stream,
    request: { clubId: string; after: number | undefined; hangUp: AbortSignal },
  ): Promise<OpenResult> {
    let joined = this.#channels.get(request.clubId);
    if (!joined) {
      joined = new Channel(request.clubId, this.#options.db, this.#options.logger, this.#limits);
      this.#channels.set(request.clubId, joined);
    }
    joined.members++;
    this.#joined.set(stream, joined);
    if (request.hangUp.aborted) stream.close();
    else request.hangUp.addEventListener('abort', stream.close, { once: true });
    if (!stream.closed) await joined.join(stream, request.after, request.hangUp);
    return { ok: true, close: stream.close };
  }

  /** Ends every stream (browsers reconnect, to another process), then the reader and listener. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const stream of [...this.#streams]) stream.close();
    await this.#displays.stop();
    await this.#leases.settled();
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
    void this.#displays.check();
    await this.#leases.renew([...this.#streams]);
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
    const rows = await eventsAfter(this.#options.db, after, limit);
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
