/**
 * A failure's words for the screen: the server's own when it sent some (the API client turns a
 * lost connection into its German text too), else the text for a failed connection.
 */
import { uiTexts } from '../texts';

export function failureText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : uiTexts.networkError;
}
