/**
 * A value loaded once per session and shared by every screen of this remote (each list has a
 * loaded flag). It lives at module level, so it survives route changes; it is
 * keyed (club, user), so logging in as someone else in the same tab never shows the old data.
 * Screens read it through `useSyncExternalStore`.
 *
 * A value that follows the club's live stream knows the club sequence it includes (its load's
 * `Club-Seq`, raised by each change followed while it is loaded), so a stream that starts afresh at
 * a sequence the value already includes costs no load.
 */
type CacheStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface CacheState<T> {
  key: string | null;
  status: CacheStatus;
  value: T | null;
  /** The club sequence the value includes at least; 0 when unknown. */
  clubSeq: number;
}

/** What a load brings: the value, and for a club's list the club sequence it includes. */
interface Loaded<T> {
  value: T;
  clubSeq?: number;
}

/** @public Named by the type declarations of every cache made with it. */
export interface SessionCache<T> {
  get(): CacheState<T>;
  subscribe(listener: () => void): () => void;
  /** Loads unless this key is already loaded or loading. Failures are only logged. */
  ensure(key: string, load: () => Promise<Loaded<T>>): void;
  /** Loads again even when loaded (the reload button). */
  reload(key: string, load: () => Promise<Loaded<T>>): void;
  /**
   * The live stream started afresh at club sequence `since` (undefined when unknown, as when
   * polling): loads again unless the value, or the answer of the load under way, includes it.
   */
  resync(key: string, load: () => Promise<Loaded<T>>, since?: number): void;
  /**
   * Applies the user's own change (a request's answer) to the value of this key; ignored when
   * another key is cached. A load under way may have been read before the change, or after changes
   * the request's answer predates, so the change is never replayed onto its answer: once it
   * answers, the list is loaded once more.
   */
  update(key: string, change: (value: T) => T): void;
  /**
   * Applies a change that happened elsewhere (the live stream, at club sequence `clubSeq`) to the
   * value, and to the answer of a load under way; a loaded value then includes `clubSeq`.
   */
  follow(key: string, change: (value: T) => T, clubSeq?: number): void;
  /** Forgets everything (tests). */
  clear(): void;
}

export function createSessionCache<T>(what: string): SessionCache<T> {
  const idle: CacheState<T> = { key: null, status: 'idle', value: null, clubSeq: 0 };
  let state = idle;
  let generation = 0;
  /** Changes `follow` saw while the current load runs, and the highest club sequence among them. */
  let followed: ((value: T) => T)[] = [];
  let followedSeq = 0;
  /** A stream started afresh while the load ran: its answer must include this sequence. */
  let mustInclude = 0;
  /** The user changed something while the load ran: its answer may lack that, so load once more. */
  let changedByUser = false;
  const listeners = new Set<() => void>();

  const set = (next: CacheState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  /**
   * The load under way is kept, not dropped: it may be what a fresh stream waits for. Only a loaded
   * value is current, so only it is raised to `clubSeq`; a loading one gets its answer's.
   */
  const follow = (key: string, change: (value: T) => T, clubSeq = 0) => {
    if (state.key !== key) return;
    if (state.status === 'loading') {
      followed.push(change);
      followedSeq = Math.max(followedSeq, clubSeq);
    }
    if (state.value === null) return;
    const seen = state.status === 'loaded' ? Math.max(state.clubSeq, clubSeq) : state.clubSeq;
    set({ ...state, value: change(state.value), clubSeq: seen });
  };

  const load = (key: string, loader: () => Promise<Loaded<T>>) => {
    const mine = ++generation;
    followed = [];
    followedSeq = 0;
    // A load that starts now reads after any stream start announced so far, and any own change.
    mustInclude = 0;
    changedByUser = false;
    const kept = state.key === key ? state : idle;
    set({ key, status: 'loading', value: kept.value, clubSeq: kept.clubSeq });
    loader().then(
      (answer) => {
        if (mine !== generation) return;
        const value = followed.reduce((v, f) => f(v), answer.value);
        const answered = answer.clubSeq ?? 0;
        const clubSeq = Math.max(answered, followedSeq);
        if (changedByUser) {
          // What is shown holds the user's change; the next load reads after it.
          set({ ...state, status: 'loading' });
          load(key, loader);
        } else if (answered < mustInclude) {
          set({ key, status: 'loading', value, clubSeq });
          load(key, loader);
        } else set({ key, status: 'loaded', value, clubSeq });
      },
      (error: unknown) => {
        console.error(`${what}: Laden fehlgeschlagen`, error);
        // The value may lack what the load was for: it is known to include nothing.
        if (mine === generation) set({ ...state, key, status: 'failed', clubSeq: 0 });
      },
    );
  };

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensure(key, loader) {
      if (state.key === key && (state.status === 'loaded' || state.status === 'loading')) return;
      load(key, loader);
    },
    reload: load,
    resync(key, loader, since) {
      if (since !== undefined && state.key === key) {
        if (state.status === 'loaded' && state.clubSeq >= since) return;
        if (state.status === 'loading') {
          mustInclude = Math.max(mustInclude, since);
          return;
        }
      }
      load(key, loader);
    },
    update(key, change) {
      if (state.key !== key) return;
      if (state.status === 'loading') changedByUser = true;
      if (state.value !== null) set({ ...state, value: change(state.value) });
    },
    follow,
    clear() {
      generation++;
      set(idle);
    },
  };
}
