/**
 * The club's live stream for every screen of this remote: one EventSource per tab, shared by the
 * grid and "Meine Reservierungen" (docs/architecture/live-stream.md).
 *
 * - A `ready` message says the stream works; `resumed: false` means the screens may have missed
 *   changes (a fresh stream, or one the server could not resume): each loads again unless what it
 *   shows already includes the club sequence the stream starts from (its lists' `Club-Seq`).
 * - Each `change` goes to every listener. The browser reconnects by itself after a dropped
 *   connection and sends its Last-Event-ID, so nothing is missed or repeated.
 * - Without a working stream (refused, or a proxy that holds messages back so `ready` never
 *   arrives) the screens are told to load again every 30 s instead, without a word to the user; the
 *   stream is tried again now and then.
 * - When the last screen leaves, the stream lingers a little, so moving between screens keeps it.
 */
import { useEffect, useRef } from 'react';
import { parseLiveChange, type LiveChange } from '@platzbuchung/domain/live/changes';

/** The parts of EventSource used here, so tests can stand in for it. */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: 'ready' | 'change', listener: (event: MessageEvent<string>) => void): void;
  addEventListener(type: 'error', listener: () => void): void;
  close(): void;
}

/** EventSource.CLOSED: the browser will not reconnect by itself. */
const CLOSED = 2;

interface LiveListener {
  change(change: LiveChange): void;
  /**
   * What is shown may be behind: load it again, unless it includes club sequence `since` (the one
   * a fresh stream starts from; undefined when unknown, as when polling).
   */
  resync(since?: number): void;
}

type LiveMode = 'connecting' | 'live' | 'polling';

interface LiveTiming {
  /** How long to wait for `ready` (first, or after the browser's reconnect) before polling. */
  readyTimeoutMs: number;
  pollMs: number;
  /** While polling, how often the stream is tried again. */
  retryStreamMs: number;
  /** How long a stream no screen listens to is kept. */
  lingerMs: number;
}

export const defaultLiveTiming: LiveTiming = {
  readyTimeoutMs: 10_000,
  pollMs: 30_000,
  retryStreamMs: 5 * 60_000,
  lingerMs: 30_000,
};

interface LiveClub {
  subscribe(listener: LiveListener): () => void;
  mode(): LiveMode;
  close(): void;
}

const streamUrl = (clubId: string) => `/api/reservations/stream?club_id=${encodeURIComponent(clubId)}`;

/** One club's stream and its fallback; it starts on creation. */
export function createLiveClub(
  clubId: string,
  openSource: (url: string) => LiveSource,
  timing: LiveTiming = defaultLiveTiming,
): LiveClub {
  const listeners = new Set<LiveListener>();
  let mode: LiveMode = 'connecting';
  let source: LiveSource | undefined;
  let readyTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const emit = (call: (listener: LiveListener) => void) => {
    for (const listener of [...listeners]) call(listener);
  };
  const clearTimers = () => {
    clearTimeout(readyTimer);
    clearInterval(pollTimer);
    clearTimeout(retryTimer);
    readyTimer = pollTimer = retryTimer = undefined;
  };

  const poll = () => {
    source?.close();
    source = undefined;
    clearTimers();
    mode = 'polling';
    emit((l) => l.resync());
    pollTimer = setInterval(() => emit((l) => l.resync()), timing.pollMs);
    retryTimer = setTimeout(connect, timing.retryStreamMs);
  };

  const awaitReady = () => {
    clearTimeout(readyTimer);
    readyTimer = setTimeout(poll, timing.readyTimeoutMs);
  };

  function connect() {
    clearTimers();
    mode = 'connecting';
    const opened = openSource(streamUrl(clubId));
    source = opened;
    opened.addEventListener('ready', (event) => {
      if (source !== opened) return;
      clearTimeout(readyTimer);
      readyTimer = undefined;
      mode = 'live';
      const { resumed, club_seq } = JSON.parse(event.data) as { resumed?: boolean; club_seq?: number };
      if (!resumed) emit((l) => l.resync(club_seq));
    });
    opened.addEventListener('change', (event) => {
      if (source !== opened) return;
      const change = parseLiveChange(event.data);
      if (change) emit((l) => l.change(change));
    });
    opened.addEventListener('error', () => {
      if (source !== opened) return;
      if (opened.readyState === CLOSED) poll();
      // The browser reconnects by itself; if it does not get through soon, poll instead.
      else if (readyTimer === undefined) awaitReady();
    });
    awaitReady();
  }

  connect();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mode: () => mode,
    close() {
      clearTimers();
      source?.close();
      source = undefined;
      listeners.clear();
    },
  };
}

interface Shared {
  club: LiveClub;
  users: number;
  linger?: ReturnType<typeof setTimeout>;
}

const shared = new Map<string, Shared>();

const browserSource = (url: string): LiveSource => new EventSource(url);

/** Listens to the club's one shared stream; the returned function stops listening. */
function listenToClub(clubId: string, listener: LiveListener): () => void {
  let entry = shared.get(clubId);
  if (!entry) {
    // One club at a time: a tab that changed login closes the other club's stream.
    for (const [otherId, other] of shared) {
      clearTimeout(other.linger);
      other.club.close();
      shared.delete(otherId);
    }
    entry = { club: createLiveClub(clubId, browserSource), users: 0 };
    shared.set(clubId, entry);
  }
  const current = entry;
  clearTimeout(current.linger);
  current.users++;
  const unsubscribe = current.club.subscribe(listener);
  return () => {
    unsubscribe();
    if (--current.users > 0) return;
    current.linger = setTimeout(() => {
      current.club.close();
      if (shared.get(clubId) === current) shared.delete(clubId);
    }, defaultLiveTiming.lingerMs);
  };
}

/** The longest a screen waits for the browser to be idle before it opens the stream anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `start` once the browser is idle, after the screen's first paint and the rest of its
 * render: opening the stream is nothing the first screen shows, and a change made meanwhile is
 * not lost (the stream's `ready` names the club sequence it starts from, and what was loaded
 * before it is loaded again). Returns a cancel.
 */
function whenIdle(start: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 0);
  return () => clearTimeout(handle);
}

/** A screen's listener on the club's stream, for as long as it is shown; the latest callbacks count. */
export function useLiveClub(clubId: string, listener: LiveListener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    let stop: (() => void) | undefined;
    const cancel = whenIdle(() => {
      stop = listenToClub(clubId, {
        change: (change) => latest.current.change(change),
        resync: (since) => latest.current.resync(since),
      });
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [clubId]);
}
