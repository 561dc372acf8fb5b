/**
 * What the play-rules form holds and sends, kept apart from the view so it is tested without a
 * browser. Numbers are held as typed; a value that is no number goes out as typed, so the schema
 * answers it with its German message rather than the form guessing.
 */
import { centsOf, euroAmount } from '@platzbuchung/domain/cents';
import type { ClubSettingsBody, PlayRules, Quota } from '@platzbuchung/domain/schemas';
import { playRulesProperties, QUOTAS_MAX } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { unchangedCore } from './core-settings';

export interface QuotaDraft {
  days: number[];
  from_hour: number;
  to_hour: number;
  hours_per_week: string;
}

export interface PlayRulesDraft {
  co_players: PlayRules['co_players'];
  co_players_count: boolean;
  doubles_hours: PlayRules['doubles_hours'];
  guests: boolean;
  /** Euros as typed: "5,00". */
  guest_fee: string;
  quotas: QuotaDraft[];
  quota_exempt_hours: string;
}

/** A new quota row: weekday evenings, two hours a week (the commonest prime time). */
export const newQuota = (): QuotaDraft => ({
  days: [1, 2, 3, 4, 5],
  from_hour: 17,
  to_hour: 21,
  hours_per_week: '2',
});

export function draftOf(rules: PlayRules): PlayRulesDraft {
  return {
    co_players: rules.co_players,
    co_players_count: rules.co_players_count,
    doubles_hours: rules.doubles_hours,
    guests: rules.guests,
    guest_fee: euroAmount(rules.guest_fee_cents),
    quotas: rules.quotas.map((quota) => ({ ...quota, hours_per_week: String(quota.hours_per_week) })),
    quota_exempt_hours: String(rules.quota_exempt_hours),
  };
}

/** A whole number as typed, or the text itself for the schema to refuse. */
export function wholeNumber(text: string): number | string {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The quota as sent: days in week order. */
function quotaBody(quota: QuotaDraft): Quota {
  return {
    days: [...quota.days].sort((a, b) => a - b),
    from_hour: quota.from_hour,
    to_hour: quota.to_hour,
    hours_per_week: wholeNumber(quota.hours_per_week) as number,
  };
}

/**
 * The body of PUT /api/admin/club: the club's core settings unchanged, and all seven play rules
 * (the form shows them all, so each is meant as shown). Values the schema must refuse go as typed.
 */
export function playRulesBody(club: Club, draft: PlayRulesDraft): ClubSettingsBody {
  return {
    ...unchangedCore(club),
    co_players: draft.co_players,
    co_players_count: draft.co_players_count,
    doubles_hours: draft.doubles_hours,
    guests: draft.guests,
    guest_fee_cents: centsOf(draft.guest_fee) as number,
    quotas: draft.quotas.map(quotaBody),
    quota_exempt_hours: wholeNumber(draft.quota_exempt_hours) as number,
  };
}

export const canAddQuota = (draft: PlayRulesDraft) => draft.quotas.length < QUOTAS_MAX;

/** The play rules of a body, without the club's other settings. */
export function playRulesPart(body: ClubSettingsBody): Partial<PlayRules> {
  const keys = Object.keys(playRulesProperties);
  return Object.fromEntries(Object.entries(body).filter(([key]) => keys.includes(key)));
}
