/**
 * The relay (docs/architecture/mail.md, "Mail: outbox, relay, worker"): hands waiting outbox rows to the
 * queue, and keeps them until the queue has them. A row is marked relayed only after the hand-over
 * succeeded; while Redis is down the rows simply stay waiting and are handed over once it is back.
 *
 * Rows are taken with `FOR UPDATE SKIP LOCKED`, so several relays (several API workers without
 * Redis, or a second mailer) never hand the same row at the same moment; should one hand a row
 * twice anyway, the job id (= outbox id) and the send lease keep it to one mail. A row relayed long
 * ago and still waiting (Redis lost its jobs, or a process died mid-delivery) is handed over again.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { throttled, UNDEFINED_TABLE } from './throttled-warning';

export interface OutboxRelayOptions {
  readonly db: Knex;
  readonly logger: Logger;
  /** Hands one mail over; throws when it cannot (Redis down). */
  readonly hand: (outboxId: string) => Promise<void>;
  /** How often to look for waiting rows when nobody calls wake(); default 1 s. */
  readonly pollMs?: number;
  /** Rows per transaction; default 50. */
  readonly batchSize?: number;
  /** A relayed row still waiting after this long is handed over again; default 15 minutes. */
  readonly rehandAfterMs?: number;
  /** How long one hand-over may take before the rest of the batch waits for the next pass. */
  readonly handTimeoutMs?: number;
}

export interface OutboxRelay {
  /** Look now: a row was just committed. */
  wake(): void;
  /** One pass; answers how many rows were handed over. For tests and the CLI. */
  relayOnce(): Promise<number>;
  /** Lets the pass under way finish, then stops. */
  stop(): Promise<void>;
}

/** PostgreSQL's code for a table that does not exist. */

/** A Redis that accepts the connection but never answers must not hold the rows' locks for ever. */
function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the queue did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

export function startOutboxRelay({
  db,
  logger,
  hand,
  pollMs = 1_000,
  batchSize = 50,
  rehandAfterMs = 15 * 60 * 1000,
  handTimeoutMs = 5_000,
}: OutboxRelayOptions): OutboxRelay {
  const log = logger.child({ component: 'outbox-relay' });
  const warn = throttled(log);
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function relayOnce(): Promise<number> {
    return db.transaction(async (trx) => {
      const { rows } = (await trx.raw(
        `SELECT id FROM mail_outbox
         WHERE status = 'waiting'
           AND (relayed_at IS NULL OR relayed_at < now() - make_interval(secs => ?))
         ORDER BY created_at
         LIMIT ?
         FOR UPDATE SKIP LOCKED`,
        [rehandAfterMs / 1000, batchSize],
      )) as { rows: { id: string }[] };
      const handed: string[] = [];
      let failure: unknown;
      for (const { id } of rows) {
        try {
          await withTimeout(hand(id), handTimeoutMs);
          handed.push(id);
        } catch (err) {
          failure = err;
          break;
        }
      }
      if (handed.length > 0) {
        await trx('mail_outbox').whereIn('id', handed).update({ relayed_at: trx.fn.now() });
      }
      if (failure !== undefined) {
        warn(failure, 'the queue does not take mails now; they wait in the outbox');
      } else if (handed.length > 0) {
        log.debug({ handed: handed.length }, 'mails handed to the queue');
      }
      return handed.length;
    });
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  const loop = (async () => {
    while (!stopped) {
      let handed = 0;
      try {
        handed = await relayOnce();
      } catch (err) {
        // A mailer started beside a new deployment may look before the API has migrated.
        if ((err as { code?: string }).code === UNDEFINED_TABLE) {
          warn(new Error('no mail_outbox table yet'), 'waiting for the API to migrate the database');
        } else {
          warn(err, 'the outbox cannot be read now; trying again');
        }
      }
      // A full batch: more may be waiting, look again at once.
      if (handed < batchSize && !stopped) await sleep(pollMs);
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    relayOnce,
    async stop() {
      stopped = true;
      woken = true;
      wakeUp?.();
      await loop;
    },
  };
}
