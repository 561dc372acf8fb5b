/** The startup and session calls, as the shell makes them. */
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import { INLINE_CONFIG_ID, type RemotesConfig } from '@platzbuchung/domain/host-contract';
import type { Club, SessionUser } from '@platzbuchung/domain/types';

/** The configuration the API wrote into the page, or null (a page served otherwise, or damaged). */
export function inlineRemotesConfig(): RemotesConfig | null {
  const text = document.getElementById(INLINE_CONFIG_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as RemotesConfig;
  } catch {
    return null;
  }
}

/** The page's own configuration when it has one, else `/remotes.json`. */
export function fetchRemotesConfig(signal?: AbortSignal): Promise<RemotesConfig> {
  return Promise.resolve(inlineRemotesConfig() ?? getJson<RemotesConfig>('/remotes.json', signal));
}

export function fetchClubs(signal?: AbortSignal): Promise<Club[]> {
  return getJson<Club[]>('/api/clubs', signal);
}

/** Logged out, the session check answers 200 with only an error field. */
class NotLoggedIn extends Error {}

/** The current session's user; rejects when there is none or the check failed. */
export async function verifyAuth(signal?: AbortSignal): Promise<SessionUser> {
  const answer = await getJson<SessionUser | { error: string }>('/api/verifyAuth', signal);
  if ('error' in answer) throw new NotLoggedIn(answer.error);
  return answer;
}

export function logout(): Promise<{ message: string }> {
  return postJson<{ message: string }>('/api/logout');
}
