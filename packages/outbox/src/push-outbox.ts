/**
 * Push messages in the outbox (docs/architecture/push.md, "Sending"): the API writes one row per
 * notice and subscription that wants it, the mailer sends them with retries and backoff, and a
 * subscription its push service no longer knows (404, 410) is removed.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import webpush from 'web-push';
import type { PushChoiceName } from '@platzbuchung/domain/push/schemas';
import { pushStatuses, type PushList, type PushStatus } from '@platzbuchung/domain/push/outbox-list';
import type { OutboxDb } from './outbox';
import { vapidKeys } from './push-keys';

/** What the service worker shows: title, one line, and the app's address to open (it keeps the path). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/**
 * One row for each of the member's devices whose `choice` is on, keyed by the notice's own key and
 * the device: a notice seen again writes nothing. Answers how many were written.
 */
export async function insertPushes(
  db: OutboxDb,
  push: { userId: string; clubId: string; choice: PushChoiceName; dedupeKey: string; payload: PushPayload },
): Promise<number> {
  const subscriptions: { id: string }[] = await db('push_subscriptions')
    .where({ user_id: push.userId, [push.choice]: true })
    .select('id');
  if (subscriptions.length === 0) return 0;
  const rows: { id: string }[] = await db('push_outbox')
    .insert(
      subscriptions.map((subscription) => ({
        id: randomUUID(),
        subscription_id: subscription.id,
        club_id: push.clubId,
        dedupe_key: `${push.dedupeKey}:${subscription.id}`,
        payload: JSON.stringify(push.payload),
      })),
    )
    .onConflict('dedupe_key')
    .ignore()
    .returning('id');
  return rows.length;
}

/** Attempts before a message is marked failed, and the first pause; each next pause doubles. */
export const PUSH_ATTEMPTS = 5;
const FIRST_BACKOFF_MS = 10_000;
/** A sender holds a row this long; one that died leaves it to the next after that. */
const LEASE_MS = 60_000;
/** A push service keeps a message this long for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** A push service that has not answered by then is tried again later. */
const SEND_TIMEOUT_MS = 15_000;

interface DuePush {
  id: string;
  subscription_id: string;
  payload: PushPayload;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The database's time `ms` from now. */
const afterMs = (db: Knex, ms: number) => db.raw(`now() + make_interval(secs => ?)`, [ms / 1000]);

export interface PushSendOptions {
  /** `VAPID_SUBJECT`: a mailto: or https: address the push service can reach the operator at. */
  subject: string;
  env?: NodeJS.ProcessEnv;
}

export interface PushPassResult {
  sent: number;
  retried: number;
  failed: number;
  removed: number;
}

/**
 * One pass: takes the due rows (each by one sender: `SKIP LOCKED` and a lease), sends each, and
 * records the answer. 201 sent; 404/410 the subscription is gone; anything else is retried after
 * 10 s, 20 s, … and the fifth failure marks it failed. Every time is the database's, as the mail
 * outbox's: a row written by `now()` is due at once, whatever the sender's machine's clock says.
 */
export async function sendDuePushes(db: Knex, options: PushSendOptions, limit = 50): Promise<PushPassResult> {
  const due: DuePush[] = await db.transaction(async (trx) => {
    const rows: DuePush[] = await trx('push_outbox as o')
      .join('push_subscriptions as s', 's.id', 'o.subscription_id')
      .where('o.status', 'waiting')
      .where('o.next_attempt_at', '<=', db.fn.now())
      .orderBy('o.next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('o.id', 'o.subscription_id', 'o.payload', 'o.attempts', 's.endpoint', 's.p256dh', 's.auth');
    if (rows.length > 0) {
      await trx('push_outbox')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .update({ next_attempt_at: afterMs(db, LEASE_MS) });
    }
    return rows;
  });
  const result: PushPassResult = { sent: 0, retried: 0, failed: 0, removed: 0 };
  if (due.length === 0) return result;
  const keys = await vapidKeys(db, options.env);
  for (const push of due) {
    const message = JSON.stringify(push.payload);
    let status: number | undefined;
    let error: string | undefined;
    try {
      // web-push encrypts and signs; the request is sent with fetch, which also reaches a test's
      // own push service over http on the loopback (docs/architecture/push.md, "Subscriptions").
      const request = webpush.generateRequestDetails(
        { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
        message,
        {
          vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
        },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ?? null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      status = response.status;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (status !== undefined && status >= 200 && status < 300) {
      await db('push_outbox')
        .where({ id: push.id })
        .update({ status: 'sent', sent_at: db.fn.now(), last_error: null });
      result.sent++;
      continue;
    }
    if (status === 404 || status === 410) {
      // The push service ended the subscription: the device is asked again when the member turns it on.
      await db('push_subscriptions').where({ id: push.subscription_id }).delete();
      result.removed++;
      continue;
    }
    const attempts = push.attempts + 1;
    const lastError = (status !== undefined ? `HTTP ${status}` : (error ?? 'no answer')).slice(0, 500);
    const failed = attempts >= PUSH_ATTEMPTS;
    await db('push_outbox')
      .where({ id: push.id })
      .update({
        attempts,
        last_error: lastError,
        status: failed ? 'failed' : 'waiting',
        failed_at: failed ? db.fn.now() : null,
        next_attempt_at: afterMs(db, FIRST_BACKOFF_MS * 2 ** (attempts - 1)),
      });
    if (failed) result.failed++;
    else result.retried++;
  }
  return result;
}

/**
 * Sent and failed push messages older than `days` (`MAIL_RETENTION_DAYS`, as mails' bodies): what
 * they said is of no use after that (docs/architecture/push.md, "Sending").
 */
export async function purgeOldPushes(db: Knex, days: number): Promise<number> {
  return db('push_outbox')
    .whereIn('status', ['sent', 'failed'])
    .where('created_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
    .delete();
}

/** The host of a push service's endpoint: all an admin may see of where a message went. */
function pushServiceHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

interface ClubPushRow {
  id: string;
  status: PushStatus;
  payload: Partial<PushPayload>;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
  endpoint: string;
  first_name: string;
  last_name: string;
}

/** A club's push messages, newest first, and how many there are of each status. */
export async function listClubPushes(db: OutboxDb, clubId: string, limit = 200): Promise<PushList> {
  const [rows, counted] = await Promise.all([
    db('push_outbox as o')
      .join('push_subscriptions as s', 's.id', 'o.subscription_id')
      .join('users as u', 'u.id', 's.user_id')
      .where('o.club_id', clubId)
      .orderBy([
        { column: 'o.created_at', order: 'desc' },
        { column: 'o.id', order: 'desc' },
      ])
      .limit(limit)
      .select(
        'o.id',
        'o.status',
        'o.payload',
        'o.attempts',
        'o.last_error',
        'o.created_at',
        'o.sent_at',
        'o.failed_at',
        's.endpoint',
        'u.first_name',
        'u.last_name',
      ) as Promise<ClubPushRow[]>,
    db('push_outbox')
      .where({ club_id: clubId })
      .groupBy('status')
      .select('status', db.raw('count(*)::int as count')) as Promise<{ status: PushStatus; count: number }[]>,
  ]);
  const counts = Object.fromEntries(pushStatuses.map((status) => [status, 0])) as Record<PushStatus, number>;
  for (const { status, count } of counted) counts[status] = count;
  return {
    counts,
    data: rows.map((row) => ({
      id: row.id,
      status: row.status,
      title: typeof row.payload.title === 'string' ? row.payload.title : '',
      recipientName: `${row.first_name} ${row.last_name}`.trim(),
      pushService: pushServiceHost(row.endpoint),
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      failedAt: row.failed_at?.toISOString() ?? null,
    })),
  };
}
