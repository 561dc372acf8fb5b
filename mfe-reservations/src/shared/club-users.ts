/** The club's members (GET /api/users), loaded once per session for the grid's names and /players. */
import type { UserListEntry } from '@platzbuchung/domain/types';
import { fetchUsers } from './reservations-api';
import { createSessionCache } from './session-cache';

export const clubUsersCache = createSessionCache<UserListEntry[]>('club users');

export function ensureClubUsers(clubId: string, force = false): void {
  const load = () => fetchUsers(clubId);
  if (force) clubUsersCache.reload(clubId, load);
  else clubUsersCache.ensure(clubId, load);
}

/** "S. Graf": first initial, a dot and the last name. */
export function holderName(user: Pick<UserListEntry, 'first_name' | 'last_name'>): string {
  const initial = [...user.first_name.trim()][0] ?? '';
  return initial ? `${initial}. ${user.last_name}` : user.last_name;
}
