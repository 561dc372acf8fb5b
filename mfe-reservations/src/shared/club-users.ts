/** The club's members (GET /api/users), loaded once per session for the grid's names and /players. */
import type { UserListEntry } from '@platzbuchung/domain/types';
import { fetchUsers } from './reservations-api';
import { createSessionCache } from './session-cache';

export const clubUsersCache = createSessionCache<UserListEntry[]>('Mitglieder des Vereins');

/**
 * The list with the member's own name as the session holds it: a name changed in the account panel
 * shows at once, though the list was loaded before the change.
 */
export function withOwnName(users: readonly UserListEntry[], own: UserListEntry): UserListEntry[] {
  return users.map((user) =>
    user._id === own._id && (user.first_name !== own.first_name || user.last_name !== own.last_name)
      ? { ...user, first_name: own.first_name, last_name: own.last_name }
      : user,
  );
}

export function ensureClubUsers(clubId: string, force = false): void {
  const load = async () => ({ value: await fetchUsers(clubId) });
  if (force) clubUsersCache.reload(clubId, load);
  else clubUsersCache.ensure(clubId, load);
}

/** Members asked for and not yet answered (club:user); `reloaded`: a load began after the ask. */
const pending = new Map<string, { clubId: string; userId: string; reloaded: boolean }>();
/** Members a load begun after they were asked for did not bring (club:user): not asked again. */
const notInList = new Set<string>();

/**
 * Loads the members again when a booking the live stream brings names someone the loaded list does
 * not know: a member who signed up after it was loaded and booked at once. The grid would otherwise
 * say "reserviert" where everyone else sees a name. A member named while the list loads waits for
 * that load, which may have read before they joined. Once a load begun after the ask succeeded, a
 * member it did not bring (one who has left the club) is not asked again, so their bookings cost
 * no loop of loads; a failed load leaves them to be asked again.
 */
export function ensureUsersKnown(clubId: string, userIds: Iterable<string>): void {
  const users = clubUsersCache.get();
  // Before the list's first load begins, that load brings everyone.
  if (users.key !== clubId) return;
  const loading = users.status === 'loading';
  const known = new Set((users.value ?? []).map((user) => user._id));
  let reload = false;
  for (const userId of userIds) {
    const asked = `${clubId}:${userId}`;
    if (known.has(userId) || notInList.has(asked) || pending.has(asked)) continue;
    pending.set(asked, { clubId, userId, reloaded: !loading });
    reload ||= !loading;
  }
  if (reload) ensureClubUsers(clubId, true);
}

/** When a load of the list ends, answers the members asked for. */
clubUsersCache.subscribe(() => {
  const { key, status, value } = clubUsersCache.get();
  if (key === null || (status !== 'loaded' && status !== 'failed')) return;
  const known = new Set((value ?? []).map((user) => user._id));
  let reload = false;
  for (const [asked, entry] of pending) {
    if (entry.clubId !== key) continue;
    const missing = status === 'loaded' && !known.has(entry.userId);
    if (missing && !entry.reloaded) {
      entry.reloaded = true;
      reload = true;
      continue;
    }
    pending.delete(asked);
    if (missing) notInList.add(asked);
  }
  if (reload) ensureClubUsers(key, true);
});

/** Forgets which members were asked for (tests). */
export function forgetAskedUsers(): void {
  pending.clear();
  notInList.clear();
}
