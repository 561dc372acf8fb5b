/**
 * Reads that may lag a moment (docs/scaling.md): the admin log, "Stand am", calendar feeds. They go
 * to a PostgreSQL streaming replica (`READ_DATABASE_URL`) while it answers and has replayed what the
 * primary wrote up to `READ_REPLICA_MAX_LAG_MS` ago; otherwise to the primary. Whether it does is
 * checked in the background every `READ_REPLICA_CHECK_MS`, never per request, and every change of
 * that answer is logged once.
 */
import type { Logger } from 'pino';
import type { ReadReplicaConfig } from '../config';
import { connectReplica, type Db } from './connect';

export interface LaggingReads {
  /** Where this request's lagging reads go; take it once per request, so they all see one database. */
  db(): Db;
  /** Ends the background check and closes the replica's pool (the primary's belongs to the caller). */
  stop(): Promise<void>;
}

export interface ReplicaSettings {
  /** How far behind the primary the replica may be and still be read. */
  maxLagMs: number;
  /** How often the replica's position is checked. */
  checkEveryMs: number;
}

/** No replica configured: every lagging read is a read of the primary. */
export function primaryOnly(primary: Db): LaggingReads {
  return { db: () => primary, stop: async () => undefined };
}

/** Where lagging reads go, and why. */
type ReplicaState =
  { use: 'replica' } | { use: 'primary'; because: 'lagging' | 'unreachable' | 'not a standby' };

/** A WAL position ('16/B374D848') as a number that compares. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The replica's lag, by comparing WAL positions rather than replay timestamps (an idle primary writes
 * no transactions, so "time since the last replayed one" would grow with nothing to replay): each
 * check notes the primary's position and when it was seen; the lag is the age of the oldest noted
 * position the replica has not replayed yet. So it is exact to one check interval.
 */
export class LagClock {
  private pending: { lsn: bigint; seenAt: number }[] = [];

  /** Notes the primary's position at `now` and answers the replica's lag in milliseconds. */
  lagMs(primaryLsn: bigint, replayedLsn: bigint, now: number): number {
    this.pending.push({ lsn: primaryLsn, seenAt: now });
    this.pending = this.pending.filter((noted) => noted.lsn > replayedLsn);
    const oldest = this.pending[0];
    return oldest ? now - oldest.seenAt : 0;
  }
}

interface ReplicaPosition {
  standby: boolean;
  replayed: string | null;
}

async function replicaPosition(replica: Db): Promise<ReplicaPosition> {
  const { rows } = await replica.raw<{ rows: ReplicaPosition[] }>(
    'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed',
  );
  return rows[0]!;
}

async function primaryLsn(primary: Db): Promise<bigint> {
  const { rows } = await primary.raw<{ rows: { lsn: string }[] }>('SELECT pg_current_wal_lsn()::text AS lsn');
  return lsnValue(rows[0]!.lsn);
}

function describe(state: ReplicaState): string {
  return state.use === 'replica' ? 'replica' : `primary (${state.because})`;
}

/**
 * Lagging reads from `replica` while it keeps up. Until the first check has answered they go to the
 * primary: a replica is used only once it is known to be close enough.
 */
export function laggingReadsFrom(options: {
  primary: Db;
  replica: Db;
  settings: ReplicaSettings;
  logger: Logger;
}): LaggingReads {
  const { primary, replica, settings, logger } = options;
  const lagClock = new LagClock();
  let state: ReplicaState | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const enter = (next: ReplicaState, details: Record<string, unknown>) => {
    const changed = describe(next) !== (state ? describe(state) : undefined);
    state = next;
    if (!changed) return;
    if (next.use === 'replica') {
      logger.info({ lagMs: details.lagMs }, 'read replica in use: lagging reads go to the replica');
    } else {
      logger.warn(
        { ...details, because: next.because, maxLagMs: settings.maxLagMs },
        `read replica ${next.because}: lagging reads go to the primary`,
      );
    }
  };

  const check = async () => {
    let position: ReplicaPosition;
    let primaryAt: bigint;
    try {
      // The primary's position first: the replica has replayed it once its own is as far.
      primaryAt = await primaryLsn(primary);
    } catch {
      // Without the primary no read succeeds anyway; the next check decides.
      return;
    }
    try {
      position = await replicaPosition(replica);
    } catch (err) {
      enter({ use: 'primary', because: 'unreachable' }, { err: err instanceof Error ? err.message : err });
      return;
    }
    if (!position.standby || position.replayed === null) {
      enter({ use: 'primary', because: 'not a standby' }, {});
      return;
    }
    const lagMs = lagClock.lagMs(primaryAt, lsnValue(position.replayed), Date.now());
    if (lagMs > settings.maxLagMs) enter({ use: 'primary', because: 'lagging' }, { lagMs });
    else enter({ use: 'replica' }, { lagMs });
  };

  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      running = check().finally(() => {
        if (!stopped) schedule(settings.checkEveryMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(0);

  return {
    db: () => (state?.use === 'replica' ? replica : primary),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await replica.destroy();
    },
  };
}

/** The deployment's lagging reads: from `READ_DATABASE_URL`'s replica when one is configured. */
export function laggingReadsFor(primary: Db, config: ReadReplicaConfig, logger: Logger): LaggingReads {
  if (!config.databaseUrl) return primaryOnly(primary);
  return laggingReadsFrom({ primary, replica: connectReplica(config.databaseUrl), settings: config, logger });
}
