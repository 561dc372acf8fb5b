/**
 * A popup's `submit` actor for machine tests: it records what the machine asks for and stays
 * pending until the test settles it, so the `sending` state can be looked at.
 */
import { fromPromise } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';
import { outcomeOf, type PopupOutput } from '../src/shared/popup/popup-submit';

interface Settle {
  resolve: (reservations: Reservation[]) => void;
  reject: (error: unknown) => void;
}

/** `record` picks what a test compares from each request; by default the request itself. */
export function pendingRequest<TRequest, TSent = TRequest>(
  // Without `record` TSent is TRequest, which the compiler cannot see through a default.
  record: (request: TRequest) => TSent = (request) => request as unknown as TSent,
) {
  const sent: TSent[] = [];
  /** The texts of refused requests, as a popup logs them. */
  const refused: string[] = [];
  let settle: Settle | undefined;
  // The popups' own answer-to-outcome step, so the tests see what the screens get.
  const submit = fromPromise<PopupOutput, TRequest>(({ input }) => {
    sent.push(record(input));
    return outcomeOf(
      () =>
        new Promise<Reservation[]>((resolve, reject) => {
          settle = { resolve, reject };
        }),
      (error) => refused.push(error),
    );
  });
  return {
    sent,
    submit,
    refused,
    settle: (): Settle => {
      if (!settle) throw new Error('nothing was submitted yet');
      return settle;
    },
  };
}
