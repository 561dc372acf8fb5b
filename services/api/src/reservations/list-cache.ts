/**
 * Serialised reservation lists, keyed by club and date window, valid while the club's log has not
 * grown. A page view then costs one indexed look at the newest event number (events/store
 * `lastClubSeq`) instead of a query,
 * a filter and a serialisation; and a browser that already holds that answer gets a 304. The
 * gzip-compressed body is made once per entry, when the first client that accepts it asks.
 */
import { gzipOnce } from '../http/compression';

interface Entry {
  position: number;
  body: string;
  gzipped?: Promise<Buffer>;
}

export class ReservationListCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 200) {}

  /** The body for `key` if it was built at `position` (read before the list was, so never stale). */
  get(key: string, position: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.position !== position) return undefined;
    // Map order is insertion order: re-inserting keeps the most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** The gzip-compressed body for `key` at `position`, compressed on first use and then kept. */
  gzipped(key: string, position: number): Promise<Buffer> | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.position !== position) return undefined;
    entry.gzipped ??= gzipOnce(entry.body);
    return entry.gzipped;
  }

  set(key: string, position: number, body: string): void {
    this.entries.delete(key);
    this.entries.set(key, { position, body });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** An ETag that names what the answer is a function of: the club's log position and the window. */
export function listEtag(clubId: string, position: number, window: string): string {
  return `W/"${clubId}:${position}:${window}"`;
}
