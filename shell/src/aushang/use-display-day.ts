/**
 * The screen's day and how it stays current: loaded once, loaded again after each change the
 * club's live stream announces (a few at once make one load), at midnight, and every few minutes
 * whatever happens; the stream reconnects by itself, and a link the admin renewed says so.
 */
import { useEffect, useRef, useState } from 'react';
import { clubNow } from '@platzbuchung/domain/club-time';
import type { DisplayDay } from '@platzbuchung/domain/display/screen';

type ScreenState =
  { kind: 'loading' } | { kind: 'gone' } | { kind: 'shown'; day: DisplayDay; offline: boolean };

/** Changes that come together (a series, several courts) make one load. */
const SETTLE_MS = 50;
/** Loads again this often even when the stream is quiet: a TV runs for weeks. */
const SAFETY_RELOAD_MS = 5 * 60_000;
/** A stream that failed is opened again after this long. */
const RECONNECT_MS = 10_000;

export function useDisplayDay(secret: string, now: Date): ScreenState {
  const [state, setState] = useState<ScreenState>({ kind: 'loading' });
  const reload = useRef<() => void>(() => undefined);

  useEffect(() => {
    let stopped = false;
    let settle: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | undefined;
    let shownSeq = -1;

    const load = async () => {
      try {
        const answer = await fetch(`/api/display/${encodeURIComponent(secret)}`, { cache: 'no-store' });
        if (stopped) return;
        if (answer.status === 404) {
          source?.close();
          setState({ kind: 'gone' });
          return;
        }
        if (!answer.ok) throw new Error(String(answer.status));
        const day = (await answer.json()) as DisplayDay;
        if (stopped) return;
        shownSeq = day.club_seq;
        setState({ kind: 'shown', day, offline: false });
      } catch {
        if (!stopped) setState((s) => (s.kind === 'shown' ? { ...s, offline: true } : s));
      }
    };
    const soon = () => {
      clearTimeout(settle);
      settle = setTimeout(() => void load(), SETTLE_MS);
    };
    reload.current = soon;

    const open = () => {
      source = new EventSource(`/api/display/${encodeURIComponent(secret)}/stream`);
      source.addEventListener('change', soon);
      source.addEventListener('ready', (event) => {
        const { club_seq } = JSON.parse((event as MessageEvent<string>).data) as { club_seq: number };
        setState((s) => (s.kind === 'shown' ? { ...s, offline: false } : s));
        // What happened while the stream was away is in a fresh day.
        if (club_seq !== shownSeq) soon();
      });
      source.onerror = () => {
        setState((s) => (s.kind === 'shown' ? { ...s, offline: true } : s));
        // The browser reconnects by itself unless the server refused (a renewed link: 404).
        if (source?.readyState === EventSource.CLOSED) {
          void load();
          clearTimeout(reconnect);
          reconnect = setTimeout(open, RECONNECT_MS);
        }
      };
    };

    void load();
    open();
    const safety = setInterval(() => void load(), SAFETY_RELOAD_MS);
    return () => {
      stopped = true;
      source?.close();
      clearTimeout(settle);
      clearTimeout(reconnect);
      clearInterval(safety);
    };
  }, [secret]);

  // Midnight: the club's new day.
  const today = state.kind === 'shown' ? clubNow(state.day.time_zone, now).date : null;
  const shownDate = state.kind === 'shown' ? state.day.date : null;
  useEffect(() => {
    if (today && shownDate && today !== shownDate) reload.current();
  }, [today, shownDate]);

  return state;
}
