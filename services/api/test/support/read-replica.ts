/**
 * A real PostgreSQL streaming replica, for the read-replica tests: a primary of the test's own
 * (`initdb` in a temporary folder, support/own-cluster.ts) with the test's migrated database, and a
 * hot standby of it on a free port. Nothing of the machine's PostgreSQL or its pg_hba.conf is used.
 */
import { connectDb } from '../../src/db/connect';
import { migrateLatest } from '../../src/db/migrate';
import { lsnValue } from '../../src/db/lagging-reads';
import { waitUntil } from './event-log';
import { execute, scalar, startOwnCluster } from './own-cluster';

export interface ReadReplica {
  /** The test's database on the primary, migrated. */
  readonly primaryUrl: string;
  /** The replica's address of a database (the test's own, replicated from the primary). */
  urlOf(database: string): string;
  /** Stops replaying: what the primary writes from now on stays invisible on the replica. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Waits until the replica has replayed everything the primary had written when this was called. */
  caughtUp(): Promise<void>;
  /** A stopped replica, as when its machine is away; `start` brings it back with its data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops both servers and removes their folder. */
  remove(): Promise<void>;
}

const DATABASE = 'platz';

/**
 * Starts a primary with the test's database and a streaming replica of it, ready and caught up.
 * Fails with the reason (missing binaries, a server that does not start, …) when it cannot.
 */
export async function startReadReplica(): Promise<ReadReplica> {
  const cluster = await startOwnCluster('pb-replica-');
  try {
    const primaryUrl = cluster.primary.urlOf(DATABASE);
    await execute(cluster.primary.urlOf('postgres'), `CREATE DATABASE ${DATABASE}`);
    const db = connectDb(primaryUrl, { max: 1 });
    try {
      await migrateLatest(db);
    } finally {
      await db.destroy();
    }
    const standby = await cluster.addStandby();
    const replicaAdmin = standby.urlOf('postgres');
    const caughtUp = async () => {
      const target = (await scalar(cluster.primary.urlOf('postgres'), 'SELECT pg_current_wal_lsn()::text'))!;
      let replayed: string | null = null;
      await waitUntil(
        'the replica has replayed the primary',
        async () => {
          replayed = await scalar(replicaAdmin, 'SELECT pg_last_wal_replay_lsn()::text');
          return replayed !== null && lsnValue(replayed) >= lsnValue(target);
        },
        120_000,
      ).catch(async (err: Error) => {
        // What the replica did meanwhile says why: not streaming, replay stopped, or only slow.
        const receiver = await scalar(
          replicaAdmin,
          'SELECT (SELECT row_to_json(r)::text FROM pg_stat_wal_receiver r)',
        ).catch((e: Error) => e.message);
        throw new Error(
          `${err.message}: primary at ${target}, replica replayed ${replayed}, receiver ${receiver}\n${await standby.logTail(10)}`,
        );
      });
    };
    await caughtUp();
    return {
      primaryUrl,
      urlOf: (database) => standby.urlOf(database),
      pauseReplay: async () => void (await scalar(replicaAdmin, 'SELECT pg_wal_replay_pause()::text')),
      resumeReplay: async () => void (await scalar(replicaAdmin, 'SELECT pg_wal_replay_resume()::text')),
      caughtUp,
      stop: () => standby.stop('fast'),
      start: async () => {
        await standby.start();
        await waitUntil(
          'the replica answers as a standby',
          async () =>
            (await scalar(replicaAdmin, 'SELECT pg_is_in_recovery()::text').catch(() => null)) === 'true',
          60_000,
        );
      },
      remove: () => cluster.remove(),
    };
  } catch (err) {
    await cluster.remove();
    throw err;
  }
}
