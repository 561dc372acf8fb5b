/**
 * One club's live channel on this process: its streams, the changes passed on to them numbered by
 * the club's sequence (the same change arriving twice passes once, a missing one is fetched), and
 * the joins that read what a stream missed without holding up the others.
 */
import type { Logger } from 'pino';
import { streamIdOf, type EventEnvelope } from '@platzbuchung/domain/events/catalogue';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { Db } from '../db/connect';
import { EVENT_COLUMNS, toEnvelope, type EventRow } from '../events/rows';
import { lastClubSeq } from '../events/store';
import { ClubChanges } from './club-changes';
import type { LiveLimits, LiveSink } from './settings';
import { sseReady } from './sse';

export interface Stream {
  sink: LiveSink;
  /** The member whose stream it is; null for a clubhouse screen, which no member holds. */
  userId: string | null;
  /** A change as this stream's reader gets it (a clubhouse screen gets less than a member). */
  message: (change: LiveChange) => string;
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

export class Channel {
  readonly streams = new Set<Stream>();
  /** Streams reading what they missed; they get the channel's changes once they have caught up. */
  readonly #joining = new Set<Joining>();
  /** Streams joined or joining; the channel is forgotten when none is left. */
  members = 0;
  /** The club sequence passed on so far; read by the first join (null until then). */
  #seq: number | null = null;
  readonly #changes: ClubChanges;
  #chain: Promise<void> = Promise.resolve();

  constructor(
    readonly clubId: string,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly limits: LiveLimits,
  ) {
    this.#changes = new ClubChanges(db, limits);
  }

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
    return this.#changes.changesOf(events, { boundHistory: true });
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
    const changes = (await this.#changes.changesOf(events, { boundHistory: false })) ?? [];
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
    stream.sink.write(stream.message(change));
  }
}
