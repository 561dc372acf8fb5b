/**
 * The club's Platzordnung and play rules (GET /api/club/rules), loaded once per session: the
 * Platzordnung page shows them, the booking popup asks who plays by them.
 */
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import { getJson } from '@platzbuchung/ui/api/client';
import { useSyncExternalStore } from 'react';
import { createSessionCache } from './session-cache';

export interface ClubRulesAnswer {
  /** The Platzordnung as the admin wrote it ('' when none). */
  rules: string;
  play: PlayRules;
}

export async function fetchClubRules(clubId: string, signal?: AbortSignal): Promise<ClubRulesAnswer> {
  const answer = await getJson<{ rules: string } & Partial<PlayRules>>(
    `/api/club/rules?club_id=${encodeURIComponent(clubId)}`,
    signal,
  );
  return { rules: answer.rules, play: playRulesOf(answer) };
}

export const clubRulesCache = createSessionCache<ClubRulesAnswer>('Platzordnung und Spielregeln');

export function ensureClubRules(clubId: string, force = false): void {
  const load = async () => ({ value: await fetchClubRules(clubId) });
  if (force) clubRulesCache.reload(clubId, load);
  else clubRulesCache.ensure(clubId, load);
}

/** The club's play rules once they are loaded, else null; asks for nothing itself. */
export function useLoadedPlayRules(clubId: string): PlayRules | null {
  const rules = useSyncExternalStore(clubRulesCache.subscribe, clubRulesCache.get);
  return rules.key === clubId && rules.status === 'loaded' ? (rules.value?.play ?? null) : null;
}
