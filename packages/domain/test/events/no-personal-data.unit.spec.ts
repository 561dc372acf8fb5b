/**
 * No person's name or address is written into event data, so the log can stay append-only and a
 * member can still be erased (docs/privacy-erasure.md). This walks every schema of the catalogue:
 * people are named by id only, and the few free texts are the club's own (what an admin wrote).
 */
import { describe, expect, it } from 'vitest';
import { eventCatalogue, eventTypes } from '../../src/events/catalogue';

interface Field {
  /** "ReservationMade.label", "ClubSettingsChanged.after.name". */
  path: string;
  schema: Record<string, unknown>;
}

function fieldsOf(path: string, schema: Record<string, unknown>): Field[] {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const items = schema.items as Record<string, unknown> | undefined;
  return [
    ...Object.entries(properties).flatMap(([name, property]) => [
      { path: `${path}.${name}`, schema: property },
      ...fieldsOf(`${path}.${name}`, property),
    ]),
    ...(items ? fieldsOf(`${path}[]`, items) : []),
  ];
}

const fields = eventTypes.flatMap((type) =>
  fieldsOf(type, eventCatalogue[type].schema as Record<string, unknown>),
);

/** A string a person could type anything into: no format, pattern or list of values bounds it. */
const isFreeText = ({ schema }: Field) =>
  schema.type === 'string' && !schema.format && !schema.pattern && !schema.enum;

/**
 * The free texts events may carry, each the club's own and not about a person: a booking's label
 * ("Training Herren 40"), a closure's reason, an account line's text, and the club's settings (its name, zone, Platzordnung,
 * the labels of its prices).
 */
const CLUB_TEXTS = new Set([
  'ReservationMade.label',
  'ReservationChanged.label',
  'CourtsBlocked.reason',
  'OccurrenceCancelled.reason',
  'ReservationCancelled.reason',
  // An account's line: what the booking it charges was (its court and hour) or what the treasurer
  // wrote ("Überweisung März"), and the labels of the club's prices.
  ...['AccountCharged', 'AccountCredited', 'PaymentRecorded', 'PaymentReturned'].map(
    (type) => `${type}.text`,
  ),
  'AccountCharged.lines[].label',
  ...['before', 'after'].flatMap((side) =>
    ['name', 'time_zone', 'rules', 'prices[].label'].map((key) => `ClubSettingsChanged.${side}.${key}`),
  ),
]);

describe('event data', () => {
  it('walks every type that has data', () => {
    const withData = eventTypes.filter(
      (type) => Object.keys((eventCatalogue[type].schema as { properties: object }).properties).length > 0,
    );
    expect(new Set(fields.map((field) => field.path.split('.')[0]))).toEqual(new Set(withData));
  });

  it('has no field for a person’s name, e-mail address, phone or postal address', () => {
    const personal = /first_?name|last_?name|full_?name|e_?mail|phone|address|street|guest|player_?name/i;
    // A guest is named by id (`guest_id`, a uuid), and the club's guest rules are a yes/no and a
    // fee: neither can hold a name. Anything else by such a name could.
    const cannotHoldText = ({ schema }: Field) =>
      schema.type === 'boolean' || schema.type === 'integer' || schema.format === 'uuid';
    expect(
      fields.filter((field) => personal.test(field.path.split('.').at(-1)!) && !cannotHoldText(field)),
    ).toEqual([]);
    expect(fields.filter((field) => field.schema.format === 'email')).toEqual([]);
  });

  it('names people by id only: every free text is one of the club’s own', () => {
    expect(
      fields
        .filter(isFreeText)
        .map((field) => field.path)
        .filter((path) => !CLUB_TEXTS.has(path)),
    ).toEqual([]);
  });
});
