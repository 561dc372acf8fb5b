/** The event log's calls, as the actors its machine expects. */
import { fromPromise } from 'xstate';
import { fetchEvents, type LogEvent } from '../../shared/events-api';
import { filterQuery, madeDetails, missingReservationIds, type ReservationDetails } from './log';
import type { NewerInput, NewerOutput, PageInput, PageOutput } from './event-log-machine';

/** Pages of new events are read until none is left, but never without end. */
const MAX_NEWER_PAGES = 10;

/**
 * Court and date of reservations whose making is not among `events`: one small query each, by
 * reservation. A lookup that fails only leaves that entry without its court and date.
 */
async function lookUpDetails(
  clubId: string,
  events: readonly LogEvent[],
  known: ReservationDetails,
  signal: AbortSignal,
): Promise<ReservationDetails> {
  const details = madeDetails(events);
  const missing = missingReservationIds(events, known);
  const found = await Promise.all(
    missing.map((reservationId) =>
      fetchEvents(clubId, { reservationId, types: ['ReservationMade'], limit: 1 }, signal).then(
        (page) => page.data,
        () => [],
      ),
    ),
  );
  return { ...details, ...madeDetails(found.flat()) };
}

/** The log's calls for a club; its days are the club's own (`timeZone`). */
export function logLoaders(clubId: string, timeZone: string) {
  return {
    loadPage: fromPromise<PageOutput, PageInput>(async ({ input, signal }) => {
      const query = {
        ...filterQuery(input.filter, timeZone),
        ...(input.before ? { before: input.before } : {}),
      };
      const page = await fetchEvents(clubId, query, signal);
      const next = page.next && 'before' in page.next ? page.next.before : null;
      return {
        events: page.data,
        next,
        details: await lookUpDetails(clubId, page.data, input.known, signal),
      };
    }),
    loadNewer: fromPromise<NewerOutput, NewerInput>(async ({ input, signal }) => {
      const events: LogEvent[] = [];
      let after: number | null = input.after;
      for (let round = 0; after !== null && round < MAX_NEWER_PAGES; round++) {
        const page = await fetchEvents(
          clubId,
          { ...filterQuery(input.filter, timeZone), after, limit: 200 },
          signal,
        );
        events.push(...page.data);
        after = page.next && 'after' in page.next ? page.next.after : null;
      }
      return { events, details: await lookUpDetails(clubId, events, input.known, signal) };
    }),
  };
}
