/** The days a call asks about: `from`/`to` of the query, checked once for every route that reads a window. */
import { daysBetween, isIsoDate } from '@platzbuchung/domain/dates';
import { MAX_RANGE_DAYS } from '@platzbuchung/domain/reservations/schemas';
import type { AppContext } from './context';
import { badRequest } from './errors';

export interface DateRange {
  from: string;
  to: string;
}

const rangeError = (message: string) => badRequest(message);

/**
 * `from`/`to` (YYYY-MM-DD, inclusive) narrow the answer to what a screen shows; a call that cannot
 * answer without them (`required`) refuses their absence like a malformed range.
 */
export function requestedRange(ctx: AppContext, options: { required?: boolean } = {}): DateRange | undefined {
  const { from, to } = ctx.query;
  if (from === undefined && to === undefined && !options.required) return undefined;
  if (typeof from !== 'string' || typeof to !== 'string' || !isIsoDate(from) || !isIsoDate(to)) {
    throw rangeError('Bitte geben Sie „from“ und „to“ als Datum (JJJJ-MM-TT) an.');
  }
  const days = daysBetween(from, to);
  if (days < 0) throw rangeError('„to“ darf nicht vor „from“ liegen.');
  if (days > MAX_RANGE_DAYS) throw rangeError(`Der Zeitraum darf höchstens ${MAX_RANGE_DAYS} Tage umfassen.`);
  return { from, to };
}
