/**
 * The member's waitlist entries, shared by the grid (its marks and popup) and "Meine
 * Reservierungen": loaded when a screen that shows them mounts, changed in place by joining and
 * leaving, so both screens agree without another request.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { IsoDate } from '@platzbuchung/domain/types';
import { fetchWaitlist, type WaitlistEntryShown } from './api';

interface WaitlistState {
  clubId: string | null;
  entries: readonly WaitlistEntryShown[];
}

let state: WaitlistState = { clubId: null, entries: [] };
const listeners = new Set<() => void>();

function set(next: WaitlistState): void {
  state = next;
  for (const listener of listeners) listener();
}

const byHour = (a: WaitlistEntryShown, b: WaitlistEntryShown) =>
  a.date.localeCompare(b.date) || a.start_time - b.start_time || Number(a.court_num) - Number(b.court_num);

export const waitlistStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): WaitlistState => state,
  added(clubId: string, entry: WaitlistEntryShown): void {
    const entries = state.clubId === clubId ? state.entries : [];
    set({ clubId, entries: [...entries.filter((e) => e._id !== entry._id), entry].sort(byHour) });
  },
  removed(id: string): void {
    set({ ...state, entries: state.entries.filter((entry) => entry._id !== id) });
  },
  async load(clubId: string): Promise<void> {
    try {
      set({ clubId, entries: [...(await fetchWaitlist(clubId))].sort(byHour) });
    } catch (error) {
      // Without the list the grid has no marks and the section stays empty; booking still works.
      console.error('Die Warteliste konnte nicht geladen werden:', error);
    }
  },
};

/** The member's entries in this club, loaded afresh when a screen showing them mounts. */
export function useWaitlist(clubId: string): readonly WaitlistEntryShown[] {
  const current = useSyncExternalStore(waitlistStore.subscribe, waitlistStore.get);
  useEffect(() => {
    void waitlistStore.load(clubId);
  }, [clubId]);
  return current.clubId === clubId ? current.entries : [];
}

/** The entry for this hour on this court, if the member waits for it. */
export function entryAt(
  entries: readonly WaitlistEntryShown[],
  date: IsoDate,
  court: number,
  hour: number,
): WaitlistEntryShown | undefined {
  return entries.find((e) => e.date === date && Number(e.court_num) === court && e.start_time === hour);
}
