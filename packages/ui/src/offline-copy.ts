/**
 * The member's own upcoming bookings kept for when the phone has no network
 * (docs/architecture/offline.md): the reservations screens write the copy whenever the list
 * changes, the service worker shows it when a page cannot be loaded, and the shell deletes it at
 * logout and at every login. The only personal data the browser keeps for the app; nothing else of
 * the API is cached.
 */

/** The Cache Storage cache that holds the copy, and the key it is stored under. */
export const OFFLINE_CACHE = 'platzbuchung-offline';
export const OFFLINE_BOOKINGS_KEY = '/offline/meine-reservierungen.json';

/** One booking as the offline page lists it, in words already made by the screens. */
export interface OfflineBooking {
  /** "Di., 01.12.2026" */
  day: string;
  /** "10-11 Uhr" */
  time: string;
  /** "Platz 2" or the court's name */
  court: string;
  /** Who plays, a label, "wöchentlich": what the list shows beside it; '' for nothing. */
  note: string;
}

export interface OfflineCopy {
  /** When the list was read, as the club's clock says it: "18:04". */
  readAt: string;
  /** The day it was read on: "So., 29.11.2026". */
  readOn: string;
  bookings: OfflineBooking[];
}

/** Writes the copy; a browser without Cache Storage (or refusing it) simply keeps none. */
export async function keepOfflineCopy(copy: OfflineCopy): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    await cache.put(
      OFFLINE_BOOKINGS_KEY,
      new Response(JSON.stringify(copy), { headers: { 'Content-Type': 'application/json' } }),
    );
  } catch {
    // Private modes may refuse storage: the app works as before, only without the offline copy.
  }
}

/** Deletes every copy: at logout and when the account is erased. */
export async function dropOfflineCopy(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(OFFLINE_CACHE);
  } catch {
    // Nothing was kept.
  }
}
