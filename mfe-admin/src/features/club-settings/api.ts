/** The club's settings, Platzordnung and record of changes, as the admin reads and saves them. */
import type { RecordedClubSettings } from '@platzbuchung/domain/clubs/local-rules';
import { priceSettingsOf } from '@platzbuchung/domain/money/prices';
import { playRulesOf } from '@platzbuchung/domain/players/play-rules';
import type { PlayRules, PriceSettings } from '@platzbuchung/domain/schemas';
import type { Club, Role } from '@platzbuchung/domain/types';
import { getJson, putJson } from '@platzbuchung/ui/api/client';
import { clubQuery, type MessageAnswer } from '../../shared/admin-api';

interface ChangeBase {
  position: number;
  occurred_at: string;
  actor: { _id: string; first_name: string | null; last_name: string | null };
}

/** Settings as the log recorded them (older events lack the club-local rules). */
export type ClubSettingsValues = RecordedClubSettings;

export type ClubChange = ChangeBase &
  (
    | { kind: 'settings_changed'; data: { before: ClubSettingsValues; after: ClubSettingsValues } }
    | { kind: 'role_changed'; data: { user_id: string; before: Role; after: Role } }
  );

export const fetchChanges = (clubId: string, signal?: AbortSignal) =>
  getJson<ClubChange[]>(`/api/admin/changes?${clubQuery(clubId)}`, signal);

/** The club's Platzordnung ('' when it has none), for the admin's form. */
export const fetchClubRules = (clubId: string, signal: AbortSignal) =>
  getJson<{ rules: string }>(`/api/club/rules?${clubQuery(clubId)}`, signal).then((answer) => answer.rules);

export const saveClubSettings = (clubId: string, payload: object) =>
  putJson<MessageAnswer<Club>>(`/api/admin/club?${clubQuery(clubId)}`, payload);

/** The club's play rules as its members read them with the Platzordnung (defaults where unset). */
export const fetchPlayRules = (clubId: string, signal: AbortSignal) =>
  getJson<Partial<PlayRules>>(`/api/club/rules?${clubQuery(clubId)}`, signal).then(playRulesOf);

/** The prices card's settings: the prices, whether the court fee is split, and the member categories. */
export type PriceCardSettings = PriceSettings & Pick<PlayRules, 'categories'>;

/** The club's prices and whether the court fee is split, as the admin's settings answer them. */
export const fetchPriceSettings = (clubId: string, signal: AbortSignal) =>
  getJson<Partial<PriceSettings & PlayRules>>(`/api/admin/club?${clubQuery(clubId)}`, signal).then(
    (answer): PriceCardSettings => ({
      ...priceSettingsOf(answer),
      categories: playRulesOf(answer).categories,
    }),
  );
