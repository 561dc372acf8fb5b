/** A settings change is recorded in the admin's form's shape, without its bounds. */
import { describe, expect, it } from 'vitest';
import { eventCatalogue, type DomainEvent } from '../../src/events/catalogue';
import { recordedShape } from '../../src/events/recorded-shape';
import { eventDataError } from '../../src/events/validate';
import { clubSettingsSchema } from '../../src/schemas';

const CLUB = '00000000-0000-4000-8000-000000000001';
const settings = { name: 'TC', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };

const changed = (after: object): DomainEvent =>
  ({ type: 'ClubSettingsChanged', club_id: CLUB, data: { before: settings, after } }) as DomainEvent;

describe("a club's recorded settings", () => {
  it("take every setting of the admin's form, so a new setting needs no second schema", () => {
    const after = eventCatalogue.ClubSettingsChanged.schema.properties.after as {
      properties: object;
      required: readonly string[];
    };
    expect(Object.keys(after.properties).sort()).toEqual(Object.keys(clubSettingsSchema.properties).sort());
    expect(after.required).toEqual(clubSettingsSchema.required);
  });

  it('keep what was accepted then, even beyond bounds that have tightened since', () => {
    const underOlderBounds = {
      ...settings,
      reservations_limit: 12,
      guest_fee_cents: 25_000,
      quota_exempt_hours: 72,
      quotas: Array.from({ length: 6 }, () => ({ days: [1], from_hour: 17, to_hour: 21, hours_per_week: 2 })),
    };
    expect(eventDataError(changed(underOlderBounds))).toBeNull();
  });

  it('refuse a value of another shape and a setting nobody knows', () => {
    expect(eventDataError(changed({ ...settings, co_players: 'sometimes' }))).toMatch(/co_players/);
    expect(eventDataError(changed({ ...settings, doubles_hours: '2' }))).toMatch(/doubles_hours/);
    expect(eventDataError(changed({ ...settings, floodlight: true }))).toMatch(/additional properties/);
    const { name: _name, ...nameless } = settings;
    expect(eventDataError(changed(nameless))).toMatch(/name/);
  });

  it('drop the bounds and German refusals, keep the pattern and a field that is named like a keyword', () => {
    const request = {
      $id: 'example',
      type: 'object',
      properties: {
        pattern: { type: 'string', maxLength: 5, pattern: '^a', errorMessage: 'Nur a.' },
        hours: { type: 'array', maxItems: 3, items: { type: 'integer', minimum: 0, maximum: 24 } },
      },
      required: ['pattern'],
      additionalProperties: false,
      errorMessage: { required: 'Fehlt.' },
    };
    expect(recordedShape(request)).toEqual({
      type: 'object',
      properties: {
        pattern: { type: 'string', pattern: '^a' },
        hours: { type: 'array', items: { type: 'integer' } },
      },
      required: ['pattern'],
      additionalProperties: false,
    });
  });
});
