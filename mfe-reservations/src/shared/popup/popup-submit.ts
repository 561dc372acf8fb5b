/**
 * How every reservation popup sends: its `submit` actor makes one API call and answers the popup's
 * outcome, saved with the refreshed reservations or failed with the German text. It never throws,
 * so each popup's `sending` state ends the same one way: closed, with the outcome as its output.
 */
import { fromPromise } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';
import type { ReservationsAnswer } from '../reservations-api';
import { requestErrorText } from './request-error';

export type PopupOutput =
  | { outcome: 'saved'; reservations: Reservation[] }
  | { outcome: 'failed'; error: string }
  | { outcome: 'cancelled' };

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
