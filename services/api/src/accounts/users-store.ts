import { foldClubName } from '@platzbuchung/domain/club-names';
import type { Named } from '@platzbuchung/domain/names';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type {
  ClubCoreSettings,
  ClubLocalRules,
  ClubSettings,
  PlayRules,
  PriceRule,
  Payment,
  PriceSettings,
} from '@platzbuchung/domain/schemas';
import type { Club, MemberStatus, Role, SessionUser, UserListEntry } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';
import { newestClubSeq } from '../events/store';
import { lookUpSession } from './session-lookups';

/** Row ↔ API shape: the database says `id`, the API `_id`. */
interface UserRow {
  id: string;
  club_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  status: MemberStatus;
}

/** The club as its table holds it: `id` where the API says `_id`. */
export type ClubRow = Omit<Club, '_id'> & { id: string };

/** What every reader of a club gets; the Platzordnung itself only as "has one" (see `findClubRules`). */
const CLUB_COLUMNS = [
  'id',
  'name',
  'courts_count',
  'reservations_limit',
  'start_hour',
  'end_hour',
  'member_approval',
  // Club-local rules
  'time_zone',
  'booking_horizon_days',
  'cancel_deadline_hours',
  // What the grid, the admin's screens and the mails call each court (domain: courtName).
  'court_names',
];

/**
 * The club columns, and whether its Platzordnung page has something to say (without the text): a
 * Platzordnung, or prices (docs/architecture/money.md), so members find what an hour costs, or
 * asks for check-in (docs/check-in.md), so members read how it works.
 */
const clubColumns = (db: Db) => [...CLUB_COLUMNS, db.raw(HAS_RULES)];
const HAS_RULES = `(rules <> '' OR prices <> '[]'::jsonb
  OR coalesce((play_rules->'check_in'->>'required')::boolean, false)) AS has_rules`;
/** The same as one SQL select list, for the command path's hand-written query (commands/handle). */
export const CLUB_SELECT_LIST = [...CLUB_COLUMNS, HAS_RULES].join(', ');
const SESSION_USER_COLUMNS = ['id', 'club_id', 'role', 'first_name', 'last_name', 'email', 'status'];

export const toClub = ({ id, ...club }: ClubRow): Club => ({ _id: id, ...club });
const toSessionUser = ({ id, ...user }: UserRow): SessionUser => ({ _id: id, ...user });

export async function listClubs(db: Db): Promise<Club[]> {
  const rows: ClubRow[] = await db('clubs')
    .select(clubColumns(db))
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toClub);
}

/** The name as stored, with the key that keeps look-alike names apart (db/migrations: clubs.name_key). */
export function clubNameColumns(name: string): { name: string; name_key: string } {
  const trimmed = name.trim();
  return { name: trimmed, name_key: foldClubName(trimmed) };
}

/** Is this name, or one that looks like it, another club's? */
export async function clubNameTaken(db: Db, name: string, exceptClubId?: string): Promise<boolean> {
  const query = db('clubs').where({ name_key: clubNameColumns(name).name_key });
  if (exceptClubId) query.whereNot({ id: exceptClubId });
  return (await query.first('id')) !== undefined;
}

/** Inserts a club; answers undefined when its name is taken (after folding), even by a racing insert. */
export async function insertClub(
  db: Db,
  club: ClubCoreSettings & Pick<ClubLocalRules, 'time_zone'>,
): Promise<Club | undefined> {
  const [row] = await db('clubs')
    .insert({ ...club, ...clubNameColumns(club.name) })
    .onConflict('name_key')
    .ignore()
    .returning<Omit<ClubRow, 'has_rules'>[]>(CLUB_COLUMNS);
  // A new club has written no Platzordnung and set no prices yet.
  return row && toClub({ ...row, has_rules: false });
}

/** Did this error come from the unique index on folded club names? */
export function isClubNameConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'clubs_name_key_unique';
}

export async function findClub(db: Db, clubId: string): Promise<Club | undefined> {
  const row: ClubRow | undefined = await db('clubs').where({ id: clubId }).first(clubColumns(db));
  return row && toClub(row);
}

/**
 * The club's Platzordnung ('' when it has none), its play rules and its prices, what the members'
 * Platzordnung page shows and the booking popup prices an hour by; undefined for an unknown club.
 */
export async function findClubRules(
  db: Db,
  clubId: string,
): Promise<({ rules: string } & PlayRules & Pick<PriceSettings, 'prices' | 'payment'>) | undefined> {
  const row: { rules: string; play_rules: PlayRules; prices: PriceRule[]; payment: Payment } | undefined =
    await db('clubs').where({ id: clubId }).first('rules', 'play_rules', 'prices', 'payment');
  return (
    row && { rules: row.rules, ...playRulesOf(row.play_rules), prices: row.prices, payment: row.payment }
  );
}

/** A club's whole settings, the Platzordnung and play rules included: the club stream's state (commands/clubs). */
export async function findClubSettings(db: Db, clubId: string): Promise<ClubSettings | undefined> {
  const row:
    | (Omit<ClubRow, 'has_rules' | 'id'> &
        Pick<ClubSettings, 'rules' | 'display_names' | 'prices' | 'split_court_fee' | 'payment' | 'sepa'> & {
          play_rules: PlayRules;
        })
    | undefined = await db('clubs')
    .where({ id: clubId })
    .first([
      ...CLUB_COLUMNS.filter((c) => c !== 'id'),
      'rules',
      'display_names',
      'play_rules',
      'prices',
      'split_court_fee',
      'payment',
      'sepa',
    ]);
  if (!row) return undefined;
  const { play_rules: playRules, court_names: courtNames, ...settings } = row;
  return { ...settings, court_names: courtNames ?? {}, ...playRulesOf(playRules) };
}

/** The club's play rules (docs/who-plays.md), or undefined for an unknown club. */
export async function findPlayRules(db: Db, clubId: string): Promise<PlayRules | undefined> {
  const row: { play_rules: PlayRules } | undefined = await db('clubs')
    .where({ id: clubId })
    .first('play_rules');
  return row && playRulesOf(row.play_rules);
}

/**
 * The members a club's screens may name: its active ones. A pending or deactivated member's
 * bookings show with no name, on the grid and on the clubhouse screen alike.
 */
const nameableMembers = (db: Db, clubId: string) => db('users').where({ club_id: clubId, status: 'active' });

/** Active members as any member may see them: names only, never e-mail addresses. */
export async function listClubMembers(db: Db, clubId: string): Promise<UserListEntry[]> {
  return nameableMembers(db, clubId)
    .select({ _id: 'id' }, 'first_name', 'last_name')
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }]);
}

/** The names of those among `userIds` whom the club's screens may name (`nameableMembers`). */
export async function nameableNames(
  db: Db,
  clubId: string,
  userIds: readonly string[],
): Promise<(Named & { id: string })[]> {
  if (userIds.length === 0) return [];
  return nameableMembers(db, clubId).whereIn('id', userIds).select('id', 'first_name', 'last_name');
}

/**
 * A session's data and its user, in one query: every logged-in request needs both, so the session
 * store reads them together (http/session) and the user is not looked up a second time.
 */
export async function findSessionWithUser(
  db: Db,
  sessionId: string,
  now: Date,
): Promise<{ data: unknown; user: SessionUser | undefined; clubSeq: number } | undefined> {
  // Every request of a logged-in member asks this: prepared, so it is planned once per connection,
  // and asked together with the lookups of the same moment (./session-lookups). The user's club's
  // newest event number comes along (events/store `lastClubSeq`): the position a reservation list
  // is versioned by, so a page view needs no round trip of its own to learn it.
  const row = await lookUpSession<{ key: string; data: unknown; club_seq: string | null } & Partial<UserRow>>(
    db,
    [
      's.data',
      ...SESSION_USER_COLUMNS.map((c) => `u.${c}`),
      `${newestClubSeq('u.club_id')} AS club_seq`,
    ].join(', '),
    sessionId,
    now,
  );
  if (!row) return undefined;
  const { data, club_seq: clubSeq, key: _key, ...user } = row;
  return { data, user: user.id ? toSessionUser(user as UserRow) : undefined, clubSeq: Number(clubSeq ?? 0) };
}

export async function findSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
  const row: UserRow | undefined = await db('users').where({ id: userId }).first(SESSION_USER_COLUMNS);
  return row && toSessionUser(row);
}

/** An address as accounts compare it (trimmed, any letter case), e.g. as a rate limit's key. */
export const normalizedEmail = (email: string) => email.trim().toLowerCase();

export async function findLoginCandidate(
  db: Db,
  email: string,
): Promise<(SessionUser & { password_hash: string }) | undefined> {
  const row: (UserRow & { password_hash: string }) | undefined = await db('users')
    .whereRaw('lower(email) = lower(?)', [email])
    .first([...SESSION_USER_COLUMNS, 'password_hash']);
  if (!row) return undefined;
  const { password_hash, ...user } = row;
  return { ...toSessionUser(user), password_hash };
}

/** Whether an account uses the address already (any letter case): an index lookup, before any hashing. */
export async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const row = await db('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first('id');
  return row !== undefined;
}

export interface NewUser {
  club_id: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  role: Role;
  status: MemberStatus;
  /** null: the member still has to follow the mailed link (docs/architecture/mail.md, "Confirmed addresses"). */
  email_confirmed_at: Date | null;
}

/** Inserts a member; answers undefined when the e-mail is taken (any letter case). */
export async function insertUser(db: Db, user: NewUser): Promise<string | undefined> {
  const [row] = await db('users')
    .insert({ ...user, email: user.email.trim() })
    .onConflict(db.raw('(lower(email))'))
    .ignore()
    .returning<{ id: string }[]>('id');
  return row?.id;
}
