import type { Club, Role, SessionUser, UserListEntry } from '@platzbuchung/domain/types';
import type { Db } from '../db/connect';

/** Row ↔ API shape: the database says `id`, the API `_id` (SPEC section 3). */
interface UserRow {
  id: string;
  club_id: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
}

interface ClubRow {
  id: string;
  name: string;
  courts_count: number;
  reservations_limit: number;
  start_hour: number;
  end_hour: number;
}

const CLUB_COLUMNS = ['id', 'name', 'courts_count', 'reservations_limit', 'start_hour', 'end_hour'];
const SESSION_USER_COLUMNS = ['id', 'club_id', 'role', 'first_name', 'last_name', 'email'];

export const toClub = ({ id, ...club }: ClubRow): Club => ({ _id: id, ...club });
const toSessionUser = ({ id, ...user }: UserRow): SessionUser => ({ _id: id, ...user });

export async function listClubs(db: Db): Promise<Club[]> {
  const rows: ClubRow[] = await db('clubs')
    .select(CLUB_COLUMNS)
    .orderBy([{ column: 'name' }, { column: 'id' }]);
  return rows.map(toClub);
}

export async function findClub(db: Db, clubId: string): Promise<Club | undefined> {
  const row: ClubRow | undefined = await db('clubs').where({ id: clubId }).first(CLUB_COLUMNS);
  return row && toClub(row);
}

/** Members as any member may see them: names only, never e-mail addresses. */
export async function listClubMembers(db: Db, clubId: string): Promise<UserListEntry[]> {
  return db('users')
    .where({ club_id: clubId })
    .select({ _id: 'id' }, 'first_name', 'last_name')
    .orderBy([{ column: 'last_name' }, { column: 'first_name' }, { column: 'id' }]);
}

export async function findSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
  const row: UserRow | undefined = await db('users').where({ id: userId }).first(SESSION_USER_COLUMNS);
  return row && toSessionUser(row);
}

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

export interface NewUser {
  club_id: string;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  role: Role;
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
