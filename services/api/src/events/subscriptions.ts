/**
 * Subscriptions: named consumers of the whole event log (docs/architecture/event-log.md, "Subscriptions").
 *
 * The contract for a handler:
 * - Delivery is **at least once**. A subscription's checkpoint moves only after its handler has
 *   succeeded for every event of a batch; if the process dies before that, the batch is handed over
 *   again. So a handler must be idempotent, keyed by `event.position` (unique and never reused),
 *   e.g. `INSERT … ON CONFLICT (event_position) DO NOTHING`.
 * - Events come in the gap-free readers' order (./reader): none is skipped, and a club's events
 *   arrive in the club's own order.
 * - A failing handler is logged and retried with growing pauses, never skipped: its subscription
 *   waits on that event until it succeeds. Other subscriptions go on.
 * - Handlers run outside any transaction of the runner: an open transaction would hold back the
 *   point below which every gap-free reader may read.
 *
 * The runner wakes when events commit (LISTEN on the `events` channel, which a trigger on `events`
 * notifies), and polls as well: notifications are lost while the listening connection is down, and
 * an event becomes readable only once every older transaction has ended, which no notification
 * announces. Run each subscription in one process: a second runner of the same name does no harm
 * (the checkpoint never moves back) but does the work twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { EventEnvelope, EventType } from '@platzbuchung/domain/events/catalogue';
import type { Db } from '../db/connect';
import { Alarm, listenForAppends } from './append-listener';
import { LOG_START, logEnd, readCommitted, type LogCursor } from './reader';

export interface SubscriptionContext {
  db: Db;
  logger: Logger;
}

export interface Subscription {
  /** Stable and unique: the checkpoint is stored under it. Lower-case letters, digits, `.`, `_`, `-`. */
  name: string;
  /** Only these event types; all when left out. */
  types?: readonly EventType[];
  /** Where a new subscription begins: the whole history (default), or only events still to come. */
  startAt?: 'beginning' | 'end';
  /** Must be idempotent by `event.position`: it may see an event again after a crash. */
  handle(event: EventEnvelope, context: SubscriptionContext): Promise<void>;
}

export interface SubscriptionTiming {
  /** How long an idle subscription waits for a notification before it looks anyway. */
  pollMs: number;
  /** After a notification, how often to look again until the event has become readable … */
  settleMs: number;
  /** … and for how long after the last notification. */
  settleWindowMs: number;
  /** Events per read, and so at most how many are handed over again after a crash. */
  batchSize: number;
  /** The first pause after a failure; each further failure doubles it, up to `retryMaxMs`. */
  retryFirstMs: number;
  retryMaxMs: number;
  /** The pause before the listening connection is opened again. */
  reconnectMs: number;
}

export const defaultTiming: SubscriptionTiming = {
  pollMs: 5_000,
  settleMs: 50,
  settleWindowMs: 2_000,
  batchSize: 100,
  retryFirstMs: 500,
  retryMaxMs: 60_000,
  reconnectMs: 2_000,
};

export interface SubscriptionsOptions {
  db: Db;
  /** For the dedicated listening connection, which lives outside the pool. */
  databaseUrl: string;
  subscriptions: readonly Subscription[];
  logger: Logger;
  timing?: Partial<SubscriptionTiming>;
}

export interface SubscriptionsRunner {
  /** Lets each running batch finish (a handler being retried is not called again), then closes. */
  stop(): Promise<void>;
}

const NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** Names must be valid and distinct: two subscriptions sharing a checkpoint would skip events. */
export function checkSubscriptionNames(subscriptions: readonly Pick<Subscription, 'name'>[]): void {
  const seen = new Set<string>();
  for (const { name } of subscriptions) {
    if (!NAME.test(name)) throw new Error(`Subscription name "${name}" must match ${NAME.source}`);
    if (seen.has(name)) throw new Error(`Subscription name "${name}" is used twice`);
    seen.add(name);
  }
}

/** The pause before retry number `attempt` (1, 2, …): doubling from `retryFirstMs`, capped. */
export function retryDelayMs(
  attempt: number,
  timing: Pick<SubscriptionTiming, 'retryFirstMs' | 'retryMaxMs'>,
) {
  return Math.min(timing.retryMaxMs, timing.retryFirstMs * 2 ** Math.max(0, attempt - 1));
}

/** How long a caught-up subscription waits: briefly while recent notifications may still settle. */
export function idleDelayMs(
  now: number,
  lastNotifiedAt: number,
  timing: Pick<SubscriptionTiming, 'pollMs' | 'settleMs' | 'settleWindowMs'>,
): number {
  return now - lastNotifiedAt < timing.settleWindowMs
    ? Math.min(timing.settleMs, timing.pollMs)
    : timing.pollMs;
}

/** Readers' order: by transaction (an xid8 in decimal, beyond a JS number), then position. */
export function compareCursors(a: LogCursor, b: LogCursor): number {
  const byTransaction = BigInt(a.transaction_id) - BigInt(b.transaction_id);
  if (byTransaction !== 0n) return byTransaction < 0n ? -1 : 1;
  return Math.sign(a.position - b.position);
}

/** A subscription's checkpoint; undefined before its first run. */
export async function readCheckpoint(db: Db, name: string): Promise<LogCursor | undefined> {
  const row = await db('event_subscriptions')
    .where({ name })
    .first(db.raw('transaction_id::text AS transaction_id'), 'position');
  return row && { transaction_id: row.transaction_id, position: Number(row.position) };
}

async function openCheckpoint(db: Db, subscription: Subscription): Promise<LogCursor> {
  const start = subscription.startAt === 'end' ? await logEnd(db) : LOG_START;
  await db('event_subscriptions')
    .insert({ name: subscription.name, transaction_id: start.transaction_id, position: start.position })
    .onConflict('name')
    .ignore();
  return (await readCheckpoint(db, subscription.name))!;
}

/** Never moves a checkpoint back, should a second runner of the same name lag behind. */
async function saveCheckpoint(db: Db, name: string, cursor: LogCursor): Promise<void> {
  await db.raw(
    `UPDATE event_subscriptions SET transaction_id = ?::xid8, position = ?, updated_at = now()
     WHERE name = ? AND (transaction_id, position) < (?::xid8, ?::bigint)`,
    [cursor.transaction_id, cursor.position, name, cursor.transaction_id, cursor.position],
  );
}

/** What every subscription's loop shares. */
interface Run {
  db: Db;
  timing: SubscriptionTiming;
  stopping: AbortSignal;
  alarm: Alarm;
  lastNotifiedAt: () => number;
}

/** False when the runner was stopped while waiting to retry. */
async function handleWithRetry(
  subscription: Subscription,
  event: EventEnvelope,
  run: Run,
  logger: Logger,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await subscription.handle(event, { db: run.db, logger });
      return true;
    } catch (err) {
      const retryInMs = retryDelayMs(attempt, run.timing);
      logger.error(
        { err, position: event.position, type: event.type, attempt, retryInMs },
        'subscription handler failed; the event will be handed over again',
      );
      await sleep(retryInMs, undefined, { signal: run.stopping }).catch(() => undefined);
      if (run.stopping.aborted) return false;
    }
  }
}

type BatchOutcome = { cursor: LogCursor; full: boolean } | 'stopped';

async function handleNextBatch(
  subscription: Subscription,
  cursor: LogCursor,
  run: Run,
  logger: Logger,
): Promise<BatchOutcome> {
  const { db, timing } = run;
  // A filtered read's cursor stops at the last matching event. The log's end, read *before* the
  // events, lets the checkpoint pass the others too, so they are not read again on every poll.
  const end = subscription.types ? await logEnd(db) : undefined;
  const page = await readCommitted(db, cursor, timing.batchSize, { types: subscription.types });
  for (const event of page.events) {
    if (!(await handleWithRetry(subscription, event, run, logger))) return 'stopped';
  }
  const full = page.events.length === timing.batchSize;
  const next = end && !full && compareCursors(end, page.cursor) > 0 ? end : page.cursor;
  if (compareCursors(next, cursor) !== 0) await saveCheckpoint(db, subscription.name, next);
  return { cursor: next, full };
}

async function runSubscription(subscription: Subscription, run: Run, parentLogger: Logger): Promise<void> {
  const logger = parentLogger.child({ subscription: subscription.name });
  let cursor: LogCursor | undefined;
  let failures = 0;
  while (!run.stopping.aborted) {
    let pauseMs: number;
    try {
      cursor ??= await openCheckpoint(run.db, subscription);
      const outcome = await handleNextBatch(subscription, cursor, run, logger);
      if (outcome === 'stopped') return;
      cursor = outcome.cursor;
      failures = 0;
      if (outcome.full) continue;
      pauseMs = idleDelayMs(Date.now(), run.lastNotifiedAt(), run.timing);
    } catch (err) {
      pauseMs = retryDelayMs(++failures, run.timing);
      logger.error({ err, retryInMs: pauseMs }, 'subscription cannot read the event log');
    }
    await run.alarm.sleep(pauseMs);
  }
}

/** Starts every subscription's loop and the listening connection. */
export function startSubscriptions(options: SubscriptionsOptions): SubscriptionsRunner {
  checkSubscriptionNames(options.subscriptions);
  const timing = { ...defaultTiming, ...options.timing };
  const stopping = new AbortController();
  const alarms = options.subscriptions.map(() => new Alarm());
  let lastNotifiedAt = Number.NEGATIVE_INFINITY;
  const wakeAll = (notified: boolean) => {
    if (notified) lastNotifiedAt = Date.now();
    for (const alarm of alarms) alarm.ring();
  };
  const listener = listenForAppends(
    options.databaseUrl,
    { reconnectMs: timing.reconnectMs, applicationName: 'event-subscriptions', logger: options.logger },
    { onNotify: () => wakeAll(true), onOpen: () => wakeAll(false) },
  );
  const loops = options.subscriptions.map((subscription, i) =>
    runSubscription(
      subscription,
      {
        db: options.db,
        timing,
        stopping: stopping.signal,
        alarm: alarms[i]!,
        lastNotifiedAt: () => lastNotifiedAt,
      },
      options.logger,
    ),
  );
  options.logger.info({ subscriptions: options.subscriptions.map((s) => s.name) }, 'subscriptions started');
  return {
    stop: async () => {
      stopping.abort();
      wakeAll(false);
      await Promise.allSettled(loops);
      await listener.close();
      options.logger.info('subscriptions stopped');
    },
  };
}
