/**
 * The club's Platzordnung, play rules and prices (GET /api/club/rules), loaded once per session:
 * the Platzordnung page shows them, the booking popup asks who plays by them and says what the
 * hours cost (docs/architecture/money.md).
 */
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import { priceSettingsOf } from '@platzbuchung/domain/money/prices';
import type { Payment, PlayRules, PriceRule, PriceSettings } from '@platzbuchung/domain/schemas';
import { getJson } from '@platzbuchung/ui/api/client';
import { useSyncExternalStore } from 'react';
import { createSessionCache } from './session-cache';

export interface ClubRulesAnswer {
  /** The Platzordnung as the admin wrote it ('' when none). */
  rules: string;
  play: PlayRules;
  /** The club's price rules; none when booking is free (or the server predates prices). */
  prices: PriceRule[];
  /** How the club is paid: "none" when prices only inform (or the server predates accounts). */
  payment: Payment;
}

export async function fetchClubRules(clubId: string, signal?: AbortSignal): Promise<ClubRulesAnswer> {
  const answer = await getJson<{ rules: string } & Partial<PlayRules> & Partial<PriceSettings>>(
    `/api/club/rules?club_id=${encodeURIComponent(clubId)}`,
    signal,
  );
  const { prices, payment } = priceSettingsOf(answer);
  return { rules: answer.rules, play: playRulesOf(answer), prices, payment };
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

/** The club's prices once they are loaded (with the play rules), else none: nothing to show yet. */
export function useLoadedPrices(clubId: string): readonly PriceRule[] {
  const rules = useSyncExternalStore(clubRulesCache.subscribe, clubRulesCache.get);
  return rules.key === clubId && rules.status === 'loaded' ? (rules.value?.prices ?? NO_PRICES) : NO_PRICES;
}

const NO_PRICES: readonly PriceRule[] = Object.freeze([]);
