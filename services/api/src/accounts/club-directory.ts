/**
 * The public list of clubs (GET /api/clubs), kept in memory and rebuilt when the clubs change. Every
 * visitor's first page loads it, so a repeated call costs one small version query and, for a
 * browser that holds the answer, a 304 without a body.
 */
import { foldClubName } from '@platzbuchung/domain/club-names';
import type { Club } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { listClubs } from './users-store';

interface Snapshot {
  version: string;
  etag: string;
  /** The plain answer, serialised once. */
  body: string;
  clubs: { club: Club; key: string }[];
}

export interface ClubSearch {
  /** Folded like club names, then matched anywhere in the folded name. */
  q: string;
  limit: number;
}

/**
 * What the list is a function of: the number of clubs (they are never deleted) and the newest
 * event of a club stream (every rename is a ClubSettingsChanged event there; the index on
 * (stream_type, …) keeps this to the clubs' few events), so other API processes' changes
 * count too.
 */
async function clubsVersion(db: Db): Promise<string> {
  const { rows } = await db.raw<{ rows: { clubs: number; changed: number }[] }>(
    `SELECT (SELECT count(*) FROM clubs)::int AS clubs,
            (SELECT coalesce(max(position), 0) FROM events WHERE stream_type = 'club')::bigint AS changed`,
  );
  return `${rows[0]!.clubs}.${rows[0]!.changed}`;
}

/** One directory per database: the clubs route and the pages the API serves share its snapshot. */
const directories = new WeakMap<Db, ClubDirectory>();

export class ClubDirectory {
  private snapshot: Snapshot | undefined;

  private constructor(private readonly db: Db) {}

  static of(db: Db): ClubDirectory {
    let directory = directories.get(db);
    if (!directory) {
      directory = new ClubDirectory(db);
      directories.set(db, directory);
    }
    return directory;
  }

  /** The current snapshot; the version is read before the list, so a snapshot is never newer than its tag. */
  async current(): Promise<Snapshot> {
    const version = await clubsVersion(this.db);
    if (this.snapshot?.version === version) return this.snapshot;
    const clubs = await listClubs(this.db);
    this.snapshot = {
      version,
      etag: `W/"clubs-${version}"`,
      body: JSON.stringify(clubs),
      clubs: clubs.map((club) => ({ club, key: foldClubName(club.name) })),
    };
    return this.snapshot;
  }

  /** Clubs whose folded name contains the folded query; names that start with it first. */
  static search(snapshot: Snapshot, { q, limit }: ClubSearch): Club[] {
    const wanted = foldClubName(q);
    const hits = snapshot.clubs.filter(({ key }) => key.includes(wanted));
    const starting = hits.filter(({ key }) => key.startsWith(wanted));
    const inside = hits.filter(({ key }) => !key.startsWith(wanted));
    return [...starting, ...inside].slice(0, limit).map(({ club }) => club);
  }
}
