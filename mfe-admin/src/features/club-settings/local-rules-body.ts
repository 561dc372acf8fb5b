/**
 * What the club-local rules form sends and what it hands the shell, kept apart from the view so
 * it is tested without a browser.
 */
import type { Payload } from '@platzbuchung/ui/forms/form-machine';
import type { ClubSettingsBody } from '@platzbuchung/domain/schemas';
import type { Club } from '@platzbuchung/domain/types';
import { unchangedCore } from './core-settings';

/**
 * The body of PUT /api/admin/club: the club's other settings unchanged, and every club-local rule
 * named — the form leaves empty fields out, and empty means "none" here (no horizon, no deadline,
 * no text), never "unchanged".
 */
export function localRulesBody(club: Club, payload: Payload): ClubSettingsBody {
  return {
    ...unchangedCore(club),
    time_zone: (payload.time_zone as string | undefined) ?? club.time_zone,
    booking_horizon_days: (payload.booking_horizon_days as number | undefined) ?? null,
    cancel_deadline_hours: (payload.cancel_deadline_hours as number | undefined) ?? 0,
    rules: (payload.rules as string | undefined) ?? '',
  };
}

/** The saved club as the shell keeps it: the Platzordnung only as "has one". */
export function clubFromAnswer({ rules, ...club }: Club & { rules?: string }): Club {
  return { ...club, has_rules: rules === undefined ? club.has_rules : rules !== '' };
}
