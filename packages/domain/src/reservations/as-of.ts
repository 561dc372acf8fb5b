/**
 * "Stand am": the reservations exactly as they stood at an earlier moment, folded from the events
 * up to it with the very `evolve` the live projection uses.
 */
import type { Reservation } from '../types';
import type { EventEnvelope } from './events';
import { replay } from './evolve';

/** Events are taken in position order up to and including the last one at or before `moment`. */
export function reservationsAsOf(events: readonly EventEnvelope[], moment: Date): Reservation[] {
  const until = moment.getTime();
  const included = events
    .filter((event) => new Date(event.occurred_at).getTime() <= until)
    .sort((a, b) => a.position - b.position);
  return [...replay(included).values()];
}

/** The same fold cut at a position instead of a time: what the read model held after that event. */
export function reservationsAtPosition(events: readonly EventEnvelope[], position: number): Reservation[] {
  const included = events
    .filter((event) => event.position <= position)
    .sort((a, b) => a.position - b.position);
  return [...replay(included).values()];
}
