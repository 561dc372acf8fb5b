/**
 * The mail outbox in Postgres (docs/architecture/mail.md, "Mail: outbox, relay, worker"). Every mail is
 * a row here from the moment its cause commits until it is sent or has failed for good; the queue
 * only ever learns the row's id. The API writes rows and the mailer takes them: this table is the
 * only place the two meet.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  dailyBudgetOf,
  dailyBudgets,
  droppedReasons,
  HELD_NOTICE_MAX_AGE_DAYS,
  type DailyBudget,
} from '@platzbuchung/domain/mail/held-notices';
import { mailStatuses } from '@platzbuchung/domain/mail/notices';
import type { MailKind, MailListItem, MailStatus, NoticeFacts } from '@platzbuchung/domain/mail/notices';

/** A knex instance or a transaction: rows are written in the caller's transaction. */
export type OutboxDb = Knex | Knex.Transaction;

/** What the password-reset template needs; `resetUrl` is the secret, removed once sent. */
export interface ResetMailPayload {
  readonly firstName: string;
  readonly lastName: string;
  readonly resetUrl: string;
}

/** What the confirmation template needs; `confirmUrl` is the secret, removed once sent. */
export interface ConfirmationMailPayload {
  readonly firstName: string;
  readonly lastName: string;
  readonly confirmUrl: string;
}

/**
 * The mail to the new address of a change when that address is another account's: it says so and
 * that nothing changed; no link, no name (docs/privacy.md, "Changing the address").
 */
export interface AddressTakenPayload {
  readonly addressTaken: true;
}

/** What the notices to a member's former address need: the words are fixed by the kind. */
export interface AddressNoticePayload {
  readonly firstName: string;
  readonly lastName: string;
  /** Into the app: the account panel. */
  readonly link: string;
}

/** What a notice needs: the words are made from `facts` when the mail is rendered. */
export interface NoticePayload {
  readonly firstName: string;
  readonly lastName: string;
  /** Into the app, e.g. the club's booking grid. */
  readonly link: string;
  readonly facts: NoticeFacts;
}

export type NewOutboxMail = {
  readonly clubId?: string | undefined;
  readonly userId?: string | undefined;
  readonly to: string;
  readonly toName?: string;
  /** Unique: a second row with the same key is not written (a subscription seeing an event again). */
  readonly dedupeKey?: string;
  readonly eventPosition?: number;
} & (
  | { readonly kind: 'password-reset'; readonly payload: ResetMailPayload }
  | { readonly kind: 'email-confirmation' | 'email-change'; readonly payload: ConfirmationMailPayload }
  | { readonly kind: 'email-change'; readonly payload: AddressTakenPayload }
  | {
      readonly kind: 'email-change-requested' | 'email-changed';
      readonly payload: AddressNoticePayload;
    }
  | {
      readonly kind: NoticeFacts['kind'];
      readonly payload: NoticePayload;
      /** Whether the owner confirmed the address: a notice to one not yet confirmed is held. */
      readonly recipientConfirmed: boolean;
    }
);

export interface OutboxRow {
  readonly id: string;
  readonly kind: MailKind;
  readonly club_id: string | null;
  readonly user_id: string | null;
  readonly to_address: string;
  readonly to_name: string;
  readonly payload: Record<string, unknown>;
  readonly status: MailStatus;
  readonly attempts: number;
  readonly last_error: string | null;
  readonly created_at: Date;
  readonly relayed_at: Date | null;
  readonly sent_at: Date | null;
  readonly failed_at: Date | null;
  readonly message_id: string | null;
  /** Set for notices: the event that caused them. */
  readonly event_position?: number | null;
}

/**
 * The channel on which a committed outbox row wakes the mailer at once (./listen); without a
 * listener the mailer still finds the row on its next look.
 */
export const OUTBOX_CHANNEL = 'mail_outbox';

/** Sent with the caller's transaction: the mailer hears of the row when it is there to read. */
async function wakeMailer(db: OutboxDb): Promise<void> {
  await db.raw('SELECT pg_notify(?, ?)', [OUTBOX_CHANNEL, '']);
}

/** The fields that may hold a secret; they are cleared once the mail is out. */
const SECRET_FIELDS = ['resetUrl', 'confirmUrl'] as const;

const recipientHash = (address: string): Buffer =>
  createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest();

/**
 * Counts one notice for the address today (UTC), unless it has had its daily number already:
 * answers whether it may go. One upsert, so processes counting at the same moment wait for each
 * other's row and never both take the last one. In the caller's transaction: a rolled-back mail
 * gives its count back.
 */
async function takeDailyNotice(db: OutboxDb, address: string, budget: DailyBudget): Promise<boolean> {
  const { rows } = (await db.raw(
    `INSERT INTO mail_recipient_days (recipient_hash, day, budget, mails)
     VALUES (?, (now() AT TIME ZONE 'UTC')::date, ?, 1)
     ON CONFLICT (recipient_hash, day, budget) DO UPDATE SET mails = mail_recipient_days.mails + 1
       WHERE mail_recipient_days.mails < ?
     RETURNING mails`,
    [recipientHash(address), budget, dailyBudgets[budget]],
  )) as { rows: unknown[] };
  return rows.length > 0;
}

const overBudget: Record<DailyBudget, string> = {
  notices: droppedReasons.dailyLimit,
  'co-players': droppedReasons.coPlayerDailyLimit,
};

/**
 * A notice that may go now is `waiting`; one over its daily number (co-player notices have their
 * own) is `dropped`, with the reason.
 */
async function sendableStatus(db: OutboxDb, address: string, kind: NoticeFacts['kind']) {
  const budget = dailyBudgetOf(kind);
  return (await takeDailyNotice(db, address, budget))
    ? { status: 'waiting' as const }
    : { status: 'dropped' as const, last_error: overBudget[budget] };
}

/**
 * Writes one mail into the outbox, in the caller's transaction. Answers its id, or undefined when a
 * row with the same `dedupeKey` exists already. Account mails always wait to be sent; a notice is
 * held while its address is unconfirmed, and counts against the recipient's daily limit otherwise
 * (docs/architecture/mail.md, "Confirmed addresses").
 */
export async function insertOutboxMail(db: OutboxDb, mail: NewOutboxMail): Promise<string | undefined> {
  const id = randomUUID();
  return db.transaction(async (trx) => {
    const rows: { id: string }[] = await trx('mail_outbox')
      .insert({
        id,
        kind: mail.kind,
        club_id: mail.clubId ?? null,
        user_id: mail.userId ?? null,
        to_address: mail.to,
        to_name: mail.toName ?? '',
        payload: JSON.stringify(mail.payload),
        dedupe_key: mail.dedupeKey ?? null,
        event_position: mail.eventPosition ?? null,
        status: 'recipientConfirmed' in mail && !mail.recipientConfirmed ? 'held' : 'waiting',
      })
      .onConflict('dedupe_key')
      .ignore()
      .returning('id');
    if (!rows[0]) return undefined;
    // Counted only once the row is new: a notice seen again after a crash costs nothing.
    if ('recipientConfirmed' in mail && mail.recipientConfirmed) {
      await trx('mail_outbox')
        .where({ id })
        .update(await sendableStatus(trx, mail.to, mail.kind));
    }
    await wakeMailer(trx);
    return id;
  });
}

/** A held notice as the release decides on it. */
export interface HeldMail {
  readonly id: string;
  /** Held mails are notices: account mails always go. */
  readonly kind: NoticeFacts['kind'];
  readonly payload: Record<string, unknown>;
  readonly created_at: Date;
  readonly club_id: string | null;
}

/**
 * The owner confirmed `address`: the user's notices held for it go out when `worthSending` says
 * so, within the daily limit, and are dropped otherwise. Notices held for another address (one
 * the member has since changed) stay held. Answers how many went out and how many were dropped.
 */
export async function releaseHeldMails(
  db: OutboxDb,
  userId: string,
  address: string,
  worthSending: (mail: HeldMail) => boolean,
): Promise<{ released: number; dropped: number }> {
  const held: HeldMail[] = await db('mail_outbox')
    .where({ user_id: userId, status: 'held' })
    .whereRaw('lower(to_address) = lower(?)', [address.trim()])
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .forUpdate()
    .select('id', 'kind', 'payload', 'created_at', 'club_id');
  let released = 0;
  for (const mail of held) {
    const next = worthSending(mail)
      ? await sendableStatus(db, address, mail.kind)
      : { status: 'dropped' as const, last_error: droppedReasons.stale };
    await db('mail_outbox').where({ id: mail.id }).update(next);
    if (next.status === 'waiting') released++;
  }
  if (released > 0) await wakeMailer(db);
  return { released, dropped: held.length - released };
}

const ROW_COLUMNS = [
  'id',
  'kind',
  'club_id',
  'user_id',
  'to_address',
  'to_name',
  'payload',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'relayed_at',
  'sent_at',
  'failed_at',
  'message_id',
] as const;

export async function loadOutboxMail(db: OutboxDb, id: string): Promise<OutboxRow | undefined> {
  return db('mail_outbox')
    .where({ id })
    .first(...ROW_COLUMNS);
}

/** Error texts are kept short; they never hold the payload, only the transport's answer. */
function shortReason(reason: string): string {
  return reason.length > 500 ? `${reason.slice(0, 497)}...` : reason;
}

/** Counts a failed attempt; the last one marks the mail failed, visible to admins and the CLI. */
export async function recordFailedAttempt(
  db: OutboxDb,
  id: string,
  reason: string,
  final: boolean,
): Promise<void> {
  await db('mail_outbox')
    .where({ id })
    .whereNot({ status: 'sent' })
    .update({
      attempts: db.raw('attempts + 1'),
      last_error: shortReason(reason),
      ...(final ? { status: 'failed', failed_at: db.fn.now() } : {}),
    });
}

/** Which mails a reader may see and retry: a club's admins only their club's notices. */
export interface OutboxScope {
  readonly clubId: string;
  readonly kinds: readonly MailKind[];
}

/**
 * Puts a failed mail back in line: the relay hands it to the queue again. Only failed mails (within
 * the scope, when one is given) can be retried; answers whether one was.
 */
export async function retryFailedMail(db: OutboxDb, id: string, scope?: OutboxScope): Promise<boolean> {
  const query = db('mail_outbox').where({ id, status: 'failed' });
  if (scope) query.andWhere({ club_id: scope.clubId }).whereIn('kind', scope.kinds);
  const updated = await query.update({
    status: 'waiting',
    failed_at: null,
    attempts: 0,
    relayed_at: null,
  });
  if (updated > 0) await wakeMailer(db);
  return updated > 0;
}

export type OutboxListItem = MailListItem;

export function domainOfAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at >= 0 ? address.slice(at + 1).toLowerCase() : '';
}

export interface ListOutboxOptions {
  readonly clubId?: string;
  /** Only these kinds; all when unset (the operators' CLI). */
  readonly kinds?: readonly MailKind[];
  readonly status?: MailStatus;
  readonly limit?: number;
}

/** Newest first. */
export async function listOutbox(db: OutboxDb, options: ListOutboxOptions = {}): Promise<OutboxListItem[]> {
  const query = db('mail_outbox')
    .select(...ROW_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(options.limit ?? 100);
  if (options.clubId) query.where({ club_id: options.clubId });
  if (options.kinds) query.whereIn('kind', options.kinds);
  if (options.status) query.where({ status: options.status });
  const rows: OutboxRow[] = await query;
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    recipientDomain: domainOfAddress(row.to_address),
    recipientName: row.to_name,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    failedAt: row.failed_at?.toISOString() ?? null,
  }));
}

export async function countOutbox(
  db: OutboxDb,
  options: Pick<ListOutboxOptions, 'clubId' | 'kinds'> = {},
): Promise<Record<MailStatus, number>> {
  const query = db('mail_outbox').select('status').count({ n: '*' }).groupBy('status');
  if (options.clubId) query.where({ club_id: options.clubId });
  if (options.kinds) query.whereIn('kind', options.kinds);
  const rows = (await query) as { status: MailStatus; n: string | number }[];
  const counts = Object.fromEntries(mailStatuses.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Sent mails older than this are removed by the API's housekeeping. */
export const KEEP_SENT_MAILS_DAYS = 90;

/**
 * Empties the payload (what the mail said, the recipient's name) of mails sent or failed more than
 * `retentionDays` ago; the row stays as the record that a mail went out, until
 * `purgeOldSentMails`. Answers how many were emptied.
 */
export async function purgeOldMailBodies(
  db: OutboxDb,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  return db('mail_outbox')
    .where((q) =>
      q
        .where((sent) => sent.where({ status: 'sent' }).andWhere('sent_at', '<', before))
        .orWhere((failed) => failed.where({ status: 'failed' }).andWhere('failed_at', '<', before)),
    )
    .andWhere((q) => q.whereRaw(`payload <> '{}'::jsonb`).orWhereNot('to_name', ''))
    .update({ payload: '{}', to_name: '' });
}

/**
 * Erasure (docs/privacy-erasure.md): every mail to the member, by account or by address, is
 * deleted, sent or not. A mail's payload names only its recipient, so mails to others never name
 * them. A waiting mail already handed to the queue finds no row, and the worker sends nothing.
 */
export async function deleteMailsTo(db: OutboxDb, userId: string, address: string): Promise<number> {
  return db('mail_outbox')
    .where({ user_id: userId })
    .orWhereRaw('lower(to_address) = lower(?)', [address.trim()])
    .delete();
}

export async function purgeOldSentMails(db: OutboxDb, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - KEEP_SENT_MAILS_DAYS * 24 * 3600 * 1000);
  const sent = await db('mail_outbox').where({ status: 'sent' }).andWhere('sent_at', '<', before).delete();
  const dropped = await db('mail_outbox')
    .where({ status: 'dropped' })
    .andWhere('created_at', '<', before)
    .delete();
  return sent + dropped;
}

/**
 * Notices held longer than a confirmation could still make worth sending are dropped, so a member
 * who never confirms leaves nothing behind, and the daily counts of days gone are removed.
 */
export async function expireHeldMails(db: OutboxDb, now: Date = new Date()): Promise<number> {
  const dropped = await db('mail_outbox')
    .where({ status: 'held' })
    .andWhere('created_at', '<', new Date(now.getTime() - HELD_NOTICE_MAX_AGE_DAYS * 24 * 3600 * 1000))
    .update({ status: 'dropped', last_error: droppedReasons.stale });
  await db('mail_recipient_days').where('day', '<', db.raw(`(now() AT TIME ZONE 'UTC')::date - 1`)).delete();
  return dropped;
}

/**
 * Remembers which mails have been handed to the transport, so that a job that runs again (after a
 * crash, a stalled lock or a second relay of the same row) does not send twice.
 *
 * A claim is a lease: while one process is sending, another that picks up the same mail waits
 * instead of sending in parallel. A lease left behind by a crashed process simply runs out.
 */
export type Claim =
  | { readonly kind: 'claimed'; readonly token: string }
  | { readonly kind: 'delivered' }
  | { readonly kind: 'busy'; readonly retryInMs: number };

export interface DeliveryLedger {
  claim(id: string, leaseMs: number): Promise<Claim>;
  /** Records the delivery, ends the lease and clears the payload's secrets. */
  markDelivered(id: string, messageId: string): Promise<void>;
  /** Ends the lease without a delivery, so the next attempt may send at once. */
  release(id: string, token: string): Promise<void>;
}

/** The outbox row itself is the ledger: one place that says whether a mail went out. */
export function createOutboxLedger(db: Knex): DeliveryLedger {
  return {
    async claim(id, leaseMs) {
      const token = randomUUID();
      const claimed = await db('mail_outbox')
        .where({ id, status: 'waiting' })
        .andWhere((q) => q.whereNull('sending_until').orWhere('sending_until', '<', db.fn.now()))
        .update({
          sending_token: token,
          sending_until: db.raw(`now() + make_interval(secs => ?)`, [Math.max(1, leaseMs) / 1000]),
        });
      if (claimed > 0) return { kind: 'claimed', token };
      const row: { status: MailStatus; left_ms: number | null } | undefined = await db('mail_outbox')
        .where({ id })
        .first('status', db.raw(`ceil(extract(epoch FROM sending_until - now()) * 1000)::float8 AS left_ms`));
      if (!row || row.status === 'sent') return { kind: 'delivered' };
      return { kind: 'busy', retryInMs: Math.max(1, Number(row.left_ms ?? 1)) };
    },
    async markDelivered(id, messageId) {
      // Clears the lease whoever holds it: the mail is out, nobody may send it again.
      await db('mail_outbox')
        .where({ id })
        .update({
          status: 'sent',
          sent_at: db.fn.now(),
          failed_at: null,
          message_id: messageId,
          sending_token: null,
          sending_until: null,
          payload: db.raw(`payload - ?::text[]`, [[...SECRET_FIELDS]]),
        });
    },
    async release(id, token) {
      await db('mail_outbox')
        .where({ id, sending_token: token })
        .update({ sending_token: null, sending_until: null });
    },
  };
}
