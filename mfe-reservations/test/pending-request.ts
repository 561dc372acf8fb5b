/**
 * A popup's `submit` actor for machine tests: it records what the machine asks for and stays
 * pending until the test settles it, so the `sending` state can be looked at.
 */
import { fromPromise } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';

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
  let settle: Settle | undefined;
  const submit = fromPromise<Reservation[], TRequest>(({ input }) => {
    sent.push(record(input));
    return new Promise((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  return {
    sent,
    submit,
    settle: (): Settle => {
      if (!settle) throw new Error('nothing was submitted yet');
      return settle;
    },
  };
}
