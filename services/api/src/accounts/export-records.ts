/**
 * The parts of a member's export (./export) that are records about the account rather than its
 * events: the calendar link, a pending address change, the mails sent, the open logins and the
 * bookings of others that name the member.
 */
import {
  isMailKind,
  mailKindLabels,
  noticeText,
  peopleNamedIn,
  type NameOf,
  type NoticeFacts,
} from '@platzbuchung/domain/mail/notices';
import type { Db } from '../db/connect';
import { SESSION_IDLE_TIMEOUT_MS } from '../http/session';
import { pendingEmailChange } from './pending-email-change';
import { pushChoiceNames, type PushChoices } from '@platzbuchung/domain/push/schemas';

/** Whether a calendar link exists and since when; never its secret, its hash or its seed. */
export async function calendarLinkState(db: Db, userId: string) {
  const row: { created_at: Date } | undefined = await db('calendar_feeds')
    .where({ user_id: userId })
    .first('created_at');
  return { exists: row !== undefined, created_at: row?.created_at.toISOString() ?? null };
}

/**
 * The member's devices that get push notices (docs/privacy.md, "Push on a device"): the push
 * service's host and what each device wants, never the endpoint's path or the keys, which are the
 * device's address and secret.
 */
export async function pushDevicesOf(db: Db, userId: string) {
  const rows: ({ endpoint: string; created_at: Date } & PushChoices)[] = await db('push_subscriptions')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select('endpoint', 'created_at', ...pushChoiceNames);
  return rows.map(({ endpoint, created_at, ...choices }) => ({
    push_service: new URL(endpoint).host,
    subscribed_at: created_at.toISOString(),
    ...Object.fromEntries(pushChoiceNames.map((name) => [name, choices[name]])),
  }));
}

/**
 * The member's children (docs/who-plays.md, "Families"): what is kept of them, name and birth year,
 * with the category the admin chose, if any, and when they were added.
 */
export async function childrenOf(db: Db, parentId: string) {
  const rows: {
    id: string;
    first_name: string;
    last_name: string;
    birth_year: number;
    category_id: string | null;
    created_at: Date;
  }[] = await db('users')
    .where({ parent_id: parentId })
    .orderBy(['created_at', 'id'])
    .select('id', 'first_name', 'last_name', 'birth_year', 'category_id', 'created_at');
  return rows.map(({ created_at, ...child }) => ({ ...child, added_at: created_at.toISOString() }));
}

/** Whether an address change waits for its link (accounts/pending-email-change). */
export async function emailChangeState(db: Db, userId: string, now: Date) {
  const pending = await pendingEmailChange(db, userId, now);
  return {
    pending: pending !== undefined,
    new_email: pending?.email ?? null,
    requested_at: pending?.requested_at.toISOString() ?? null,
    expires_at: pending?.expires_at.toISOString() ?? null,
  };
}

interface MailRow {
  kind: string;
  payload: { facts?: NoticeFacts };
  status: string;
  created_at: Date;
  sent_at: Date | null;
}

/** The mails to the member: kind, subject and dates; not their bodies, which may hold links. */
export async function mailsTo(db: Db, userId: string) {
  const rows: MailRow[] = await db('mail_outbox')
    .where({ user_id: userId })
    .orderBy('created_at')
    .select('kind', 'payload', 'status', 'created_at', 'sent_at');
  return rows.map((row) => ({
    kind: row.kind,
    subject: mailSubject(row),
    status: row.status,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  }));
}

/**
 * A notice's subject, or its kind's label when the notice names someone beside the member: the
 * export holds no other member's name (docs/privacy.md), and such a subject names them.
 */
function mailSubject(row: MailRow): string {
  const facts = row.payload.facts;
  if (facts?.kind === row.kind && peopleNamedIn(facts).length === 0)
    return noticeText(facts, namesNobody).subject;
  return isMailKind(row.kind) ? mailKindLabels[row.kind] : row.kind;
}

/** For words that name nobody; asked anyway, it is a mistake in the code, said as such. */
const namesNobody: NameOf = () => {
  throw new Error('these notice facts name nobody');
};

/**
 * How many logins are open, and about when one was last used: a used login's expiry moves to a full
 * idle timeout from then (http/session), at most once a day, so this is exact to within a day.
 */
export async function sessionsOf(db: Db, userId: string) {
  const row: { count: string | number; expires: Date | null } | undefined = await db('sessions')
    .where({ user_id: userId })
    .andWhere('expires_at', '>', db.fn.now())
    .first(db.raw('count(*) AS count'), db.raw('max(expires_at) AS expires'));
  const lastUsed = row?.expires ? new Date(row.expires.getTime() - SESSION_IDLE_TIMEOUT_MS) : null;
  return { count: Number(row?.count ?? 0), last_used_at: lastUsed?.toISOString() ?? null };
}

export interface NamedIn {
  reservation_id: string;
  court_num: string;
  date: string;
  start_time: number;
  end_time: number;
  recurring: boolean;
}

/** The live bookings that name the member: where and when, never who else plays. */
export async function namedInBookings(db: Db, clubId: string, userId: string): Promise<NamedIn[]> {
  return db('reservation_players as p')
    .join('reservations as r', 'r.id', 'p.reservation_id')
    .where({ 'p.club_id': clubId, 'p.user_id': userId })
    .orderBy(['r.date', 'r.start_time'])
    .select({ reservation_id: 'r.id' }, 'r.court_num', 'r.date', 'r.start_time', 'r.end_time', 'r.recurring');
}
