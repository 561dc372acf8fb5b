/** One rule per shape: what a request may send is what the log may record, and the deciders agree. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockCourtsSchema } from '../src/blocks/schemas';
import { exampleEvents } from '../src/events/examples';
import { eventDataError } from '../src/events/validate';
import { changeReservationSchema, makeReservationSchema } from '../src/reservations/schemas';
import { clubSchema, clubSettingsSchema } from '../src/schemas';
import { GUEST_NAME_MAX, GUEST_NAME_MIN, isGuestName } from '../src/shapes';
import { compileValidator, createAjv } from '../src/validation';

const ajv = createAjv();
const accepts = (schema: object) => {
  const validate = compileValidator(ajv, schema);
  return (body: unknown) => validate(body).ok;
};
const ids = {
  club: '00000000-0000-4000-8000-000000000001',
  user: '00000000-0000-4000-8000-000000000002',
};
const { ReservationMade, CourtsBlocked } = exampleEvents(ids);

const courts = ['0', '00', '07', '1', '9', '10', '20', '99', '100', ' 1', '1a', ''];

describe('a court number', () => {
  it('that a booking request takes is one the log records', () => {
    const request = accepts(makeReservationSchema);
    const change = accepts(changeReservationSchema);
    for (const court_num of courts) {
      const body = { court_num, start_time: 10, end_time: 11, date: '2026-11-24' };
      const recorded =
        eventDataError({ ...ReservationMade, data: { ...ReservationMade.data, court_num } }) === null;
      if (request(body)) expect(recorded, court_num).toBe(true);
      if (change(body)) expect(recorded, court_num).toBe(true);
    }
  });

  it('that a block request takes is one the log records', () => {
    const request = accepts(blockCourtsSchema);
    for (const court of courts) {
      const body = {
        court_nums: [court],
        from: '2026-11-24T14:00',
        until: '2026-11-24T18:00',
        reason: 'Turnier',
      };
      const recorded =
        eventDataError({ ...CourtsBlocked, data: { ...CourtsBlocked.data, court_nums: [court] } }) === null;
      if (request(body)) expect(recorded, court).toBe(true);
    }
  });
});

describe('an hour moment', () => {
  it('that a block request takes is one the log records, and the other way round', () => {
    const request = accepts(blockCourtsSchema);
    const moments = [
      '2026-11-24T14:00',
      '2026-11-24T14:30',
      '2026-11-24 14:00',
      '2026-11-24T4:00',
      '2026-11-24T24:00',
    ];
    for (const from of moments) {
      const body = { court_nums: ['1'], from, until: '2026-11-24T18:00', reason: 'Turnier' };
      const recorded = eventDataError({ ...CourtsBlocked, data: { ...CourtsBlocked.data, from } }) === null;
      expect(request(body), from).toBe(recorded);
    }
  });
});

describe('a body that is no JSON object', () => {
  it('gets the same German answer from every schema', () => {
    for (const schema of [
      makeReservationSchema,
      changeReservationSchema,
      blockCourtsSchema,
      clubSchema,
      clubSettingsSchema,
    ]) {
      const result = compileValidator(ajv, schema)([]);
      expect(result).toEqual({
        ok: false,
        errors: [{ instancePath: '', message: 'Die Anfrage muss ein JSON-Objekt sein.' }],
      });
    }
  });
});

describe('a guest’s name', () => {
  it('that the rules accept always fits the guests table’s check (2 to 60 characters), so the table never says no first', () => {
    const names = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.stringMatching(/^[A-Za-zÄÖÜäöüß .'-]{0,70}$/),
      fc.constantFrom('A ', ' A', 'Ab ', 'Ä ', `${'x'.repeat(60)} `, 'Gerda Gast'),
    );
    fc.assert(
      fc.property(names, (name) => {
        if (!isGuestName(name)) return;
        const length = [...name].length;
        expect(length >= GUEST_NAME_MIN && length <= GUEST_NAME_MAX).toBe(true);
        expect(name).toBe(name.trim());
      }),
      { numRuns: 2000 },
    );
  });
});
