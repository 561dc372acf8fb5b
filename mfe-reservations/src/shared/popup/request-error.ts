/** The text of a failed reservation call, shown "as received". */
import { ApiError } from '@platzbuchung/ui/api/client';
import { uiTexts } from '@platzbuchung/ui/texts';

export function requestErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return uiTexts.networkError;
}
