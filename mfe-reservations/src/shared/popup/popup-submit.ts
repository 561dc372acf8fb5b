/**
 * How every reservation popup sends: its `submit` actor makes one API call and answers the popup's
 * outcome, saved with the refreshed reservations or failed with the German text. It never throws,
 * so each popup's `sending` state ends one way: the delete popup closes with the outcome as its
 * output; the make and change popups close when saved and stay open on a refusal
 * (docs/architecture/micro-frontends.md, "The booking popups").
 */
import { fromPromise } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';
import type { ReservationsAnswer } from '../reservations-api';
import { requestErrorText } from './request-error';

export type PopupOutput =
  | { outcome: 'saved'; reservations: Reservation[] }
  | { outcome: 'failed'; error: string }
  | { outcome: 'cancelled' };

/** The refusal's text of an outcome; null when it was no refusal. */
export const refusalOf = (output: PopupOutput): string | null =>
  output.outcome === 'failed' ? output.error : null;

/** A popup's answer: saved with the reservations the call gave back, or failed with why. */
export async function outcomeOf(
  send: () => Promise<Reservation[]>,
  onRefused?: (error: string) => void,
): Promise<PopupOutput> {
  try {
    return { outcome: 'saved', reservations: await send() };
  } catch (error) {
    const text = requestErrorText(error);
    onRefused?.(text);
    return { outcome: 'failed', error: text };
  }
}

/** The `submit` actor a popup provides: `call` is its API request. */
export function submitVia<TRequest>(
  call: (request: TRequest) => Promise<ReservationsAnswer>,
  onRefused?: (error: string) => void,
) {
  return fromPromise<PopupOutput, TRequest>(({ input }) =>
    outcomeOf(async () => (await call(input)).data, onRefused),
  );
}
