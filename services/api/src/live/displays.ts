/**
 * The clubhouse screens' streams on this process, and how they end when their club's link is
 * renewed (docs/architecture/clubhouse-screen.md). Renewing notifies the `club_displays`
 * channel in its transaction; each process listens (one connection, opened with its first screen)
 * and closes the streams of the old link at once, wherever they are. Each heartbeat checks too,
 * for a notification lost while that connection was down.
 */
import type { Logger } from 'pino';
import { listenOn } from '@platzbuchung/outbox/listen';
import type { Db } from '../db/connect';

/** The channel a renewal notifies, with the club's id as payload (../display/links). */
export const DISPLAYS_CHANNEL = 'club_displays';

/**
 * Screens of one club open on one process. A club hangs one or two; a leaked link must not take
 * the process's streams from the members.
 */
export const DISPLAY_STREAMS_PER_CLUB = 20;

interface Watched {
  clubId: string;
  secretHash: Buffer;
  close(): void;
}

export class DisplayWatch {
  readonly #streams = new Set<Watched>();
  #listener: { close(): Promise<void> } | undefined;
  #stopped = false;

  constructor(
    private readonly options: { db: Db; databaseUrl: string; logger: Logger; reconnectMs: number },
  ) {}

  /** Watches a screen's stream; false when its club has too many open here. */
  add(watched: Watched): boolean {
    let ofClub = 0;
    for (const other of this.#streams) if (other.clubId === watched.clubId) ofClub++;
    if (ofClub >= DISPLAY_STREAMS_PER_CLUB) return false;
    this.#streams.add(watched);
    this.#listen();
    return true;
  }

  remove(watched: Watched): void {
    this.#streams.delete(watched);
  }

  #listen(): void {
    if (this.#listener || this.#stopped) return;
    const { databaseUrl, reconnectMs, logger } = this.options;
    this.#listener = listenOn(
      databaseUrl,
      DISPLAYS_CHANNEL,
      { reconnectMs, applicationName: 'club-displays', logger },
      { onNotify: (clubId) => void this.check([clubId]), onOpen: () => void this.check() },
    );
  }

  /** Ends the streams whose link is no longer their club's (renewed); all clubs when none are named. */
  async check(clubIds?: readonly string[]): Promise<void> {
    const watched = [...this.#streams].filter((stream) => !clubIds || clubIds.includes(stream.clubId));
    if (!watched.length) return;
    const clubs = [...new Set(watched.map((stream) => stream.clubId))];
    try {
      const rows: { club_id: string; secret_hash: Buffer }[] = await this.options
        .db('club_displays')
        .whereIn('club_id', clubs)
        .select('club_id', 'secret_hash');
      const current = new Map(rows.map((row) => [row.club_id, row.secret_hash]));
      for (const stream of watched) {
        if (!current.get(stream.clubId)?.equals(stream.secretHash)) stream.close();
      }
    } catch (err) {
      // The next heartbeat checks again.
      this.options.logger.warn({ err }, 'clubhouse screen links not checked');
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#listener?.close();
  }
}
