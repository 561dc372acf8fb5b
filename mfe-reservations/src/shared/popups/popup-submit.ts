/** The `submit` actor every reservation popup provides: one API call, its answer's reservations. */
import { fromPromise } from 'xstate';
import type { Reservation } from '@platzbuchung/domain/types';
import type { ReservationsAnswer } from '../reservations-api';

export function submitVia<TRequest>(call: (request: TRequest) => Promise<ReservationsAnswer>) {
  return fromPromise<Reservation[], TRequest>(async ({ input }) => (await call(input)).data);
}
