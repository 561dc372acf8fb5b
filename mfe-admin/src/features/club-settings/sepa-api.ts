/** The club as SEPA creditor, as the Verein card reads and saves it (docs/architecture/money.md). */
import {
  recordedSepaCreditor,
  sepaCreditorErrors,
  sepaSettingsOf,
} from '@platzbuchung/domain/money/sepa/identifiers';
import type { SepaCreditor } from '@platzbuchung/domain/schemas';
import type { Club, FieldError } from '@platzbuchung/domain/types';
import { ApiError, getJson } from '@platzbuchung/ui/api/client';
import { clubQuery } from '../../shared/admin-api';
import { saveClubSettings } from './api';
import { unchangedCore } from './core-settings';

/** The club's creditor data, or null when it collects no direct debits. */
export const fetchSepaCreditor = (clubId: string, signal: AbortSignal) =>
  getJson<{ sepa?: SepaCreditor | null }>(`/api/admin/club?${clubQuery(clubId)}`, signal).then(
    (answer) => sepaSettingsOf(answer).sepa,
  );

/** The form's fields are the creditor's own; the API names them under `/sepa`. */
const asFormErrors = (errors: readonly FieldError[]): FieldError[] =>
  errors.map((error) => ({ ...error, instancePath: error.instancePath.replace(/^\/sepa(?=\/|$)/, '') }));

/**
 * Saves the club's creditor data with its core settings unchanged. The check digits are tested
 * here first (the API tests them again), so a mistyped IBAN is named without a round trip.
 */
export async function saveSepaCreditor(club: Club, sepa: SepaCreditor | null) {
  const wrong = sepaCreditorErrors(sepa);
  if (wrong.length) throw new ApiError(400, asFormErrors(wrong), null);
  try {
    return await saveClubSettings(club._id, { ...unchangedCore(club), sepa: recordedSepaCreditor(sepa) });
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.status, asFormErrors(error.fieldErrors), error.formMessage);
    throw error;
  }
}
