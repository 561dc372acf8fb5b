/** The startup and session calls, as the shell makes them. */
import { getJson, postJson } from '@platzbuchung/ui/api/client';
import {
  INLINE_CONFIG_ID,
  INLINE_STARTUP_ID,
  type PageStartup,
  type RemotesConfig,
} from '@platzbuchung/host/contract';
import type { Club, SessionUser } from '@platzbuchung/domain/types';

/** A JSON data block the API wrote into the page, or null (a page served otherwise, or damaged). */
export function inlineJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function inlineRemotesConfig(): RemotesConfig | null {
  return inlineJson<RemotesConfig>(INLINE_CONFIG_ID);
}

/**
 * The clubs and the session's user as the API wrote them into the page, or null. Read once, as
 * the page starts: after a logout or login the block is out of date, and the shell asks instead.
 */
export function inlineStartup(): PageStartup | null {
  const startup = inlineJson<PageStartup>(INLINE_STARTUP_ID);
  document.getElementById(INLINE_STARTUP_ID)?.remove();
  return startup;
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
