/**
 * A value loaded once per session and shared by every screen of this remote (each list has a
 * loaded flag). It lives at module level, so it survives route changes; it is
 * keyed (club, user), so logging in as someone else in the same tab never shows the old data.
 * Screens read it through `useSyncExternalStore`.
 */
type CacheStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface CacheState<T> {
  key: string | null;
  status: CacheStatus;
  value: T | null;
}

/** @public Named by the type declarations of every cache made with it. */
export interface SessionCache<T> {
  get(): CacheState<T>;
  subscribe(listener: () => void): () => void;
  /** Loads unless this key is already loaded or loading. Failures are only logged. */
  ensure(key: string, load: () => Promise<T>): void;
  /** Loads again even when loaded (the reload button). */
  reload(key: string, load: () => Promise<T>): void;
  /** Applies a change to the loaded value of this key; ignored when another key is loaded. */
  update(key: string, change: (value: T) => T): void;
  /**
   * Applies a change that happened elsewhere (the live stream) to the value, and to the answer of a
   * load under way, which may have been read before it: unlike `update`, the load is kept.
   */
  follow(key: string, change: (value: T) => T): void;
  /** Forgets everything (tests). */
  clear(): void;
}

export function createSessionCache<T>(what: string): SessionCache<T> {
  const idle: CacheState<T> = { key: null, status: 'idle', value: null };
  let state = idle;
  let generation = 0;
  /** Changes `follow` saw while the current load runs. */
  let followed: ((value: T) => T)[] = [];
  const listeners = new Set<() => void>();

  const set = (next: CacheState<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const load = (key: string, loader: () => Promise<T>) => {
    const mine = ++generation;
    followed = [];
    set({ key, status: 'loading', value: state.key === key ? state.value : null });
    loader().then(
      (value) => {
        if (mine === generation)
          set({ key, status: 'loaded', value: followed.reduce((v, f) => f(v), value) });
      },
      (error: unknown) => {
        console.error(`Loading ${what} failed`, error);
        if (mine === generation) set({ key, status: 'failed', value: state.value });
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
    update(key, change) {
      if (state.key !== key || state.value === null) return;
      // A change while a load runs is newer than what that load will bring: keep it, drop the load.
      generation++;
      set({ key, status: 'loaded', value: change(state.value) });
    },
    follow(key, change) {
      if (state.key !== key) return;
      if (state.status === 'loading') followed.push(change);
      if (state.value !== null) set({ ...state, value: change(state.value) });
    },
    clear() {
      generation++;
      set(idle);
    },
  };
}
