/**
 * "Stand am": the reservations exactly as they stood at an earlier moment, folded from the events
 * up to it with the very `evolve` the live projection uses, and the club's settings of that moment.
 */
import { withLocalRules } from '../clubs/local-rules';
import type { ClubSettings } from '../schemas';
import type { EventEnvelope } from '../events/catalogue';
import type { Reservation } from '../types';
import type { ReservationEvent } from './events';
import { replay } from './evolve';

type Cut = (event: EventEnvelope) => boolean;

const atOrBefore =
  (moment: Date): Cut =>
  (event) =>
    new Date(event.occurred_at).getTime() <= moment.getTime();

const upToPosition =
  (position: number): Cut =>
  (event) =>
    event.position <= position;

function reservationsUpTo(events: readonly EventEnvelope[], included: Cut): Reservation[] {
  const kept = events
    .filter((event): event is EventEnvelope<ReservationEvent> => event.stream_type === 'reservation')
    .filter(included)
    .sort((a, b) => a.position - b.position);
  return [...replay(kept).values()];
}

/** Events are taken in position order up to and including the last one at or before `moment`. */
export function reservationsAsOf(events: readonly EventEnvelope[], moment: Date): Reservation[] {
  return reservationsUpTo(events, atOrBefore(moment));
}

/** The same fold cut at a position instead of a time: what the read model held after that event. */
export function reservationsAtPosition(events: readonly EventEnvelope[], position: number): Reservation[] {
  return reservationsUpTo(events, upToPosition(position));
}

/**
 * The club's settings at a cut: what the last change up to it left, else what the first change
 * after it found, else today's (`current`), which then have not changed since.
 */
export function settingsAt(
  events: readonly EventEnvelope[],
  included: { at: Date } | { position: number },
  current: ClubSettings,
): ClubSettings {
  const cut = 'at' in included ? atOrBefore(included.at) : upToPosition(included.position);
  const changes = events
    .filter((e) => e.type === 'ClubSettingsChanged')
    .sort((a, b) => a.position - b.position);
  const before = changes.filter(cut).at(-1);
  if (before?.type === 'ClubSettingsChanged') return withLocalRules(before.data.after, current);
  const after = changes.find((e) => !cut(e));
  return after?.type === 'ClubSettingsChanged' ? withLocalRules(after.data.before, current) : current;
}
