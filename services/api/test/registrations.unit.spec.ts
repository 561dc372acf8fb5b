/**
 * Registrations that cannot be forgotten (docs/adding-a-change.md): a new kind of change that left
 * out its projection or its place in the member's export would compile and fail without a word, so
 * these walk the catalogue and fail instead.
 */
import { describe, expect, it } from 'vitest';
import { eventTypes, streamTypes } from '@platzbuchung/domain/events/catalogue';
import { ownStreamSections, streamsInTheExport } from '../src/accounts/export';
import { projections } from '../src/projections/registry';

describe('a kind of change registers itself', () => {
  it('every event type of the catalogue is applied by a projection: none is appended and never read', () => {
    const applied = new Set(projections.flatMap((projection) => projection.handles));
    expect(eventTypes.filter((type) => !applied.has(type))).toEqual([]);
  });

  it('every stream type has its place in the member’s export, and each own part its section', () => {
    expect(Object.keys(streamsInTheExport).sort()).toEqual([...streamTypes].sort());
    const shared = new Set(['bookings', 'membership', 'actions_in_the_club']);
    for (const [streamType, part] of Object.entries(streamsInTheExport)) {
      if (shared.has(part)) continue;
      expect(ownStreamSections, part).toHaveProperty(part);
      expect(ownStreamSections[part as keyof typeof ownStreamSections].streamType).toBe(streamType);
    }
  });
});
