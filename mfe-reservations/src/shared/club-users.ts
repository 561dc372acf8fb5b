/** The club's members (GET /api/users), loaded once per session for the grid's names and /players. */
import type { UserListEntry } from '@platzbuchung/domain/types';
import { fetchUsers } from './reservations-api';
import { createSessionCache } from './session-cache';

export const clubUsersCache = createSessionCache<UserListEntry[]>('club users');

export function ensureClubUsers(clubId: string, force = false): void {
  const load = async () => ({ value: await fetchUsers(clubId) });
  if (force) clubUsersCache.reload(clubId, load);
  else clubUsersCache.ensure(clubId, load);
}
