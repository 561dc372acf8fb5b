/**
 * The live stream's settings and the shapes the hub (./hub) is opened with: its timing, its
 * bounds, where a stream's text goes and what opening one answers.
 */
import type { Logger } from 'pino';
import { defaultLiveConfig, type LiveConfig } from '../config';
import type { Db } from '../db/connect';

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

/** A clubhouse screen's stream: opened by its secret link, no login; it ends when the link is renewed. */
export interface OpenDisplayStream {
  clubId: string;
  /** The SHA-256 of the link's secret: once the club's link has another, the stream ends. */
  secretHash: Buffer;
  after: number | undefined;
  sink: LiveSink;
  hangUp: AbortSignal;
}

export type OpenResult =
  { ok: true; close: () => void } | { ok: false; reason: 'too-many' | 'busy' | 'stopping' };
