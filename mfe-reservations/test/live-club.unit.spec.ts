import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '@platzbuchung/domain/live/changes';
import type { Reservation } from '@platzbuchung/domain/types';
import { createLiveClub, defaultLiveTiming, type LiveSource } from '../src/shared/live-club';
import { absorbAnswer, applyLiveToOwn, ownReservations } from '../src/shared/my-reservations';
import { createSessionCache } from '../src/shared/session-cache';

/** Stands in for the browser's EventSource: the test plays the server. */
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  emit(type: 'ready' | 'change' | 'error', data = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data } as MessageEvent<string>);
  }
}

const booking: Reservation = {
  _id: 'r1',
  club_id: 'c',
  user_id: 'u1',
  court_num: '2',
  start_time: 9,
  end_time: 10,
  date: '2026-11-24',
  label: null,
  recurring: false,
  deleted_dates: [],
  end_date: null,
};
const made: LiveChange = { club_seq: 5, type: 'ReservationMade', reservation_id: 'r1', reservation: booking };

function setUp() {
  const sources: FakeSource[] = [];
  const club = createLiveClub('club 1', (url) => {
    const source = new FakeSource(url);
    sources.push(source);
    return source;
  });
  const heard = { changes: [] as LiveChange[], resyncs: 0, since: [] as (number | undefined)[] };
  club.subscribe({
    change: (c) => heard.changes.push(c),
    resync: (since) => {
      heard.resyncs++;
      heard.since.push(since);
    },
  });
  return { club, sources, heard };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the shared live connection', () => {
  it('opens one stream for the club and hands each change to the screens', () => {
    const { club, sources, heard } = setUp();
    expect(sources.map((s) => s.url)).toEqual(['/api/reservations/stream?club_id=club%201']);
    sources[0]!.emit('ready', '{"club_seq":4,"resumed":true}');
    sources[0]!.emit('change', JSON.stringify(made));
    sources[0]!.emit('change', 'not json');
    expect(club.mode()).toBe('live');
    expect(heard).toEqual({ changes: [made], resyncs: 0, since: [] });
  });

  it('asks the screens to load again when the stream starts afresh, naming where it starts', () => {
    const { sources, heard } = setUp();
    sources[0]!.emit('ready', '{"club_seq":4,"resumed":false}');
    expect(heard.since).toEqual([4]);
  });

  it('falls back to loading every 30 s when ready never arrives (a buffering proxy)', () => {
    const { club, sources, heard } = setUp();
    vi.advanceTimersByTime(defaultLiveTiming.readyTimeoutMs);
    expect(club.mode()).toBe('polling');
    expect(sources[0]!.closed).toBe(true);
    expect(heard.resyncs).toBe(1);
    vi.advanceTimersByTime(3 * defaultLiveTiming.pollMs);
    expect(heard.resyncs).toBe(4);
    // A poll cannot know what it missed.
    expect(heard.since).toEqual([undefined, undefined, undefined, undefined]);
    // Now and then the stream is tried again; once it works, the polling stops.
    vi.advanceTimersByTime(defaultLiveTiming.retryStreamMs - 3 * defaultLiveTiming.pollMs);
    expect(sources).toHaveLength(2);
    sources[1]!.emit('ready', '{"club_seq":9,"resumed":false}');
    const afterRetry = heard.resyncs;
    vi.advanceTimersByTime(defaultLiveTiming.pollMs * 3);
    expect(club.mode()).toBe('live');
    expect(heard.resyncs).toBe(afterRetry);
  });

  it('polls at once when the server refuses the stream', () => {
    const { club, sources, heard } = setUp();
    sources[0]!.readyState = 2;
    sources[0]!.emit('error');
    expect(club.mode()).toBe('polling');
    expect(heard.resyncs).toBe(1);
  });

  it('lets the browser reconnect a dropped stream, and polls only if that takes too long', () => {
    const { club, sources, heard } = setUp();
    sources[0]!.emit('ready', '{"club_seq":4,"resumed":true}');
    sources[0]!.emit('error');
    vi.advanceTimersByTime(defaultLiveTiming.readyTimeoutMs - 1);
    sources[0]!.emit('ready', '{"club_seq":6,"resumed":true}');
    vi.advanceTimersByTime(defaultLiveTiming.readyTimeoutMs);
    expect(club.mode()).toBe('live');
    expect(heard.resyncs).toBe(0);
    sources[0]!.emit('error');
    vi.advanceTimersByTime(defaultLiveTiming.readyTimeoutMs);
    expect(club.mode()).toBe('polling');
  });

  it('closes the stream and its timers when closed', () => {
    const { club, sources, heard } = setUp();
    club.close();
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(defaultLiveTiming.retryStreamMs * 2);
    expect(sources).toHaveLength(1);
    expect(heard.resyncs).toBe(0);
  });
});

describe('the own reservations following the stream', () => {
  const window = { from: '2026-11-23', to: '2026-12-23' };
  afterEach(() => vi.restoreAllMocks());

  it('takes in own bookings only, and drops one an admin or a block cancelled', () => {
    expect(applyLiveToOwn([], made, 'u1', window)).toEqual([booking]);
    expect(applyLiveToOwn([], made, 'u2', window)).toEqual([]);
    const gone: LiveChange = { ...made, club_seq: 6, type: 'ReservationCancelled', reservation: null };
    expect(applyLiveToOwn([booking], gone, 'u1', window)).toEqual([]);
  });

  /** A cache whose loads wait until the test answers them, each with the club sequence it includes. */
  function ownCache() {
    const cache = createSessionCache<Reservation[]>('own reservations');
    const answers: ((value: Reservation[], clubSeq: number) => void)[] = [];
    const failures: ((error: Error) => void)[] = [];
    const load = () =>
      new Promise<{ value: Reservation[]; clubSeq: number }>((resolve, reject) => {
        answers.push((value, clubSeq) => resolve({ value, clubSeq }));
        failures.push(reject);
      });
    return { cache, answers, failures, load };
  }

  it('keeps a load under way and applies to its answer what came meanwhile', async () => {
    const { cache, answers, load } = ownCache();
    cache.reload('k', load);
    cache.follow('k', (own) => applyLiveToOwn(own, made, 'u1', window), made.club_seq);
    answers[0]!([], 4);
    await vi.runAllTimersAsync();
    expect(cache.get()).toEqual({ key: 'k', status: 'loaded', value: [booking], clubSeq: 5 });
    cache.follow('other key', () => []);
    expect(cache.get().value).toEqual([booking]);
  });

  it('loads again for a fresh stream only when its value, or the load under way, is older', async () => {
    const { cache, answers, load } = ownCache();
    cache.ensure('k', load);
    // The stream starts at 7 while the first load runs; that load read up to 6: one more.
    cache.resync('k', load, 7);
    expect(answers).toHaveLength(1);
    answers[0]!([], 6);
    await vi.runAllTimersAsync();
    expect(answers).toHaveLength(2);
    expect(cache.get().status).toBe('loading');
    answers[1]!([booking], 7);
    await vi.runAllTimersAsync();
    expect(cache.get()).toEqual({ key: 'k', status: 'loaded', value: [booking], clubSeq: 7 });
    // A stream that starts where the value is, or before: nothing to load.
    cache.resync('k', load, 7);
    cache.resync('k', load, 3);
    expect(answers).toHaveLength(2);
    // A change followed raises what the value includes.
    cache.follow('k', (own) => own, 9);
    cache.resync('k', load, 9);
    expect(answers).toHaveLength(2);
    // Polling, which cannot know, and a newer start load again.
    cache.resync('k', load);
    cache.resync('k', load, 10);
    expect(answers).toHaveLength(3);
  });

  it('counts a change followed during a load only once the load succeeded, so a failed one is loaded again', async () => {
    const { cache, answers, failures, load } = ownCache();
    const other: Reservation = { ...booking, _id: 'r2', start_time: 11, end_time: 12 };
    const loggedFailure = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cache.ensure('k', load);
    answers[0]!([], 3);
    await vi.runAllTimersAsync();
    // The stream starts afresh at 8: what came after 3 may be missing, so the list is loaded again.
    cache.resync('k', load, 8);
    cache.follow('k', (own) => applyLiveToOwn(own, made, 'u1', window), 9);
    expect(cache.get().clubSeq).toBe(3);
    failures[1]!(new Error('offline'));
    await vi.runAllTimersAsync();
    expect(loggedFailure).toHaveBeenCalledOnce();
    // The user books on the grid: folded in, yet the list is still the one that missed changes.
    cache.update('k', (own) => [...own, other]);
    expect(cache.get().value).toEqual([booking, other]);
    // So the next fresh stream loads it again, though it starts at the change followed.
    cache.resync('k', load, 9);
    expect(answers).toHaveLength(3);
  });

  it("loads once more when the user's own change comes in during a load, and keeps what a fresh stream asked of it", async () => {
    const { cache, answers, load } = ownCache();
    const other: Reservation = { ...booking, _id: 'r2', start_time: 11, end_time: 12 };
    cache.ensure('k', load);
    answers[0]!([], 3);
    await vi.runAllTimersAsync();
    cache.reload('k', load);
    // The stream starts afresh at 7 while the load runs; then the user's booking is answered.
    cache.resync('k', load, 7);
    cache.update('k', (own) => [...own, booking]);
    expect(cache.get().value).toEqual([booking]);
    // The load's answer may predate the booking: the booking stays shown, and one more load runs.
    answers[1]!([other], 6);
    await vi.runAllTimersAsync();
    expect(cache.get()).toMatchObject({ status: 'loading', value: [booking] });
    expect(answers).toHaveLength(3);
    answers[2]!([other, booking], 7);
    await vi.runAllTimersAsync();
    expect(cache.get()).toEqual({ key: 'k', status: 'loaded', value: [other, booking], clubSeq: 7 });
  });

  it("never lets the user's older answer overwrite a newer load's, on the grid or on /bookings", async () => {
    const week = { from: '2026-11-23', to: '2026-11-29' };
    const mine = (id: string, court: string): Reservation => ({ ...booking, _id: id, court_num: court });
    const [a, b, c] = [mine('A', '1'), mine('B', '2'), mine('C', '3')];
    const replacements: [string, (own: Reservation[]) => Reservation[], Reservation[]][] = [
      // The grid's booking answer (read before an admin booked B for the user) folded into the week.
      ['grid', (own) => absorbAnswer(own, [a, c], week, 'u1'), [a, b, c]],
      // /bookings' answer to deleting A, read before B: it replaces the whole list.
      ['bookings', () => ownReservations([c], 'u1'), [b, c]],
    ];
    for (const [, change, expected] of replacements) {
      const { cache, answers, load } = ownCache();
      cache.ensure('k', load);
      answers[0]!([a, c], 3);
      await vi.runAllTimersAsync();
      // The stream missed B (seq 7) and starts afresh at 8; the user's answer arrives meanwhile.
      cache.resync('k', load, 8);
      cache.update('k', change);
      answers[1]!(expected, 8);
      await vi.runAllTimersAsync();
      answers[2]?.(expected, 8);
      await vi.runAllTimersAsync();
      const shown = cache.get();
      expect(shown.status).toBe('loaded');
      expect(shown.value!.map((r) => r._id).sort()).toEqual(expected.map((r) => r._id));
    }
  });
});
