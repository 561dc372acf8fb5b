/** The startup and session calls of SPEC section 7, as the shell makes them. */
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import type { RemotesConfig } from '@platzbuchung/domain/host-contract';
import type { Club, SessionUser } from '@platzbuchung/domain/types';

export function fetchRemotesConfig(signal?: AbortSignal): Promise<RemotesConfig> {
  return getJson<RemotesConfig>('/remotes.json', signal);
}

export function fetchClubs(signal?: AbortSignal): Promise<Club[]> {
  return getJson<Club[]>('/api/clubs', signal);
}

/** The current session's user; rejects when there is none (401) or the check failed. */
export function verifyAuth(signal?: AbortSignal): Promise<SessionUser> {
  return getJson<SessionUser>('/api/verifyAuth', signal);
}

export function logout(): Promise<{ message: string }> {
  return postJson<{ message: string }>('/api/logout');
}
