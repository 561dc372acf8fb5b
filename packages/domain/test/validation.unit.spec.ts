import { describe, expect, it } from 'vitest';
import {
  clubSchema,
  clubSettingsSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
} from '../src/schemas';
import { compileValidator, createAjv, fieldOf } from '../src/validation';
import * as texts from '../src/texts';

const ajv = createAjv();
const validateClub = compileValidator(ajv, clubSchema);
const validateSignup = compileValidator(ajv, signupSchema);
const validateLogin = compileValidator(ajv, loginSchema);
const validateReset = compileValidator(ajv, resetPasswordSchema);

const validClub = {
  name: 'TC Grün-Weiß Lüdenscheid',
  courts_count: 6,
  start_hour: 8,
  end_hour: 20,
  reservations_limit: 3,
  first_name: 'Jürgen',
  last_name: 'Müller-Lüdenscheidt',
  email: 'juergen@example.de',
  password: 'Aufschlag1!',
  privacy: 'agree',
};

const messagesByField = (result: ReturnType<typeof validateClub>) =>
  result.ok ? {} : Object.fromEntries(result.errors.map((e) => [fieldOf(e), e.message]));

describe('club schema', () => {
  it('accepts a German club with umlauts and a double last name', () => {
    expect(validateClub(validClub)).toEqual({ ok: true, value: validClub });
  });

  it('coerces numbers sent as strings without changing the input', () => {
    const input = { ...validClub, courts_count: '12', start_hour: '7' };
    const result = validateClub(input);
    expect(result).toMatchObject({ ok: true, value: { courts_count: 12, start_hour: 7 } });
    expect(input.courts_count).toBe('12');
  });

  it.each([
    ['courts_count', 0],
    ['courts_count', 21],
    ['courts_count', 2.5],
    ['start_hour', 0],
    ['reservations_limit', 0],
    ['reservations_limit', 11],
  ])('refuses %s = %s with a German message', (field, value) => {
    const errors = messagesByField(validateClub({ ...validClub, [field]: value }));
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(/muss zwischen/);
  });

  it('refuses an end hour that is not after the start hour', () => {
    expect(messagesByField(validateClub({ ...validClub, start_hour: 12, end_hour: 12 }))).toEqual({
      end_hour: 'Die Endzeit muss zwischen 1 und 23 Uhr und nach der Startzeit liegen.',
    });
    expect(validateClub({ ...validClub, start_hour: 12, end_hour: 13 }).ok).toBe(true);
  });

  it('reports every missing field with the original client’s text, all at once', () => {
    const result = validateClub({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.instancePath).sort()).toEqual(
      clubSchema.required.map((f) => `/${f}`).sort(),
    );
    expect(new Set(result.errors.map((e) => e.message))).toEqual(new Set([texts.requiredField]));
  });

  it('names an unknown field', () => {
    expect(messagesByField(validateClub({ ...validClub, role: 'admin' }))).toEqual({
      role: texts.unknownField('role'),
    });
  });

  it('refuses a body that is not an object', () => {
    const result = validateClub([1, 2]);
    expect(result).toEqual({
      ok: false,
      errors: [{ instancePath: '', message: 'Die Anfrage muss ein JSON-Objekt sein.' }],
    });
  });
});

describe('names', () => {
  const first = (first_name: unknown) => validateSignup({ ...validSignup, first_name }).ok;
  const last = (last_name: unknown) => validateSignup({ ...validSignup, last_name }).ok;
  const validSignup = { ...validClub, club_id: '6f1c0b7e-4d7a-4c1e-9f3a-2b8d5e6a7c90' } as Record<
    string,
    unknown
  >;
  for (const key of ['name', 'courts_count', 'start_hour', 'end_hour', 'reservations_limit'])
    delete validSignup[key];

  it('first name: Unicode letters only, 2 to 40', () => {
    expect(first('Jürgen')).toBe(true);
    expect(first('Łukasz')).toBe(true);
    expect(first('Jo')).toBe(true);
    expect(first('J')).toBe(false);
    expect(first('A'.repeat(41))).toBe(false);
    expect(first('Anne-Marie')).toBe(false);
    expect(first('R2D2')).toBe(false);
    expect(first('x'.repeat(10_000))).toBe(false);
  });

  it('last name: letters and inner hyphens, 2 to 40', () => {
    expect(last('Müller-Lüdenscheidt')).toBe(true);
    expect(last('Öz')).toBe(true);
    expect(last('-Müller')).toBe(false);
    expect(last('Müller-')).toBe(false);
    expect(last('Mü ller')).toBe(false);
    expect(last('B'.repeat(41))).toBe(false);
  });

  it('refuses a club id that is not a UUID', () => {
    expect(messagesByField(validateSignup({ ...validSignup, club_id: '1' }))).toEqual({
      club_id: 'Bitte wählen Sie Ihren Verein aus.',
    });
  });
});

describe('password and e-mail', () => {
  const password = (value: string) => validateReset({ password: value, resetToken: 'a'.repeat(43) }).ok;

  it('needs 8 characters with lower, upper, digit and special character', () => {
    expect(password('Aufschlag1!')).toBe(true);
    expect(password('Äpfelbaum9#')).toBe(true);
    expect(password('Auf1!ab')).toBe(false);
    expect(password('aufschlag1!')).toBe(false);
    expect(password('AUFSCHLAG1!')).toBe(false);
    expect(password('Aufschlag!!')).toBe(false);
    expect(password('Aufschlag11')).toBe(false);
  });

  it('refuses a malformed e-mail and privacy other than agree', () => {
    expect(messagesByField(validateLogin({ email: 'keine-mail', password: 'x' }))).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    });
    expect(messagesByField(validateClub({ ...validClub, privacy: 'yes' }))).toEqual({
      privacy: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
    });
  });

  it('refuses a wrong type without coercing objects into strings', () => {
    expect(messagesByField(validateLogin({ email: { $gt: '' }, password: ['x'] }))).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      password: 'Bitte geben Sie Ihr Passwort ein.',
    });
  });
});

describe('hostile input is invalid, never an exception', () => {
  it('a structure too deep to copy', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 20_000; i++) deep = { name: deep };
    expect(validateClub(deep)).toEqual({
      ok: false,
      errors: [{ instancePath: '', message: texts.tooDeeplyNested }],
    });
  });

  it('"Infinity" coerced into a number', () => {
    const result = validateClub({ ...validClub, courts_count: 'Infinity' });
    expect(result.ok).toBe(false);
  });

  it('an object where a $data comparison expects a number', () => {
    expect(validateClub({ ...validClub, start_hour: { toString: 'x' } }).ok).toBe(false);
  });
});

describe('every refusal is German', () => {
  it('a weekday outside 1 to 7 in a quota is named as such', () => {
    const validate = compileValidator(ajv, clubSettingsSchema);
    const quota = { days: [0], from_hour: 17, to_hour: 21, hours_per_week: 2 };
    const settings = { name: 'TC Test', courts_count: 4, start_hour: 8, end_hour: 20, reservations_limit: 3 };
    expect(validate({ ...settings, quotas: [quota] })).toEqual({
      ok: false,
      errors: [
        {
          instancePath: '/quotas/0/days/0',
          message: 'Ein Wochentag ist eine Zahl von 1 (Montag) bis 7 (Sonntag).',
        },
      ],
    });
  });

  it('a field whose schema has no German words of its own gets ours, never ajv’s English', () => {
    const bare = compileValidator(ajv, {
      type: 'object',
      properties: { n: { type: 'integer', maximum: 3 } },
    });
    expect(bare({ n: 4 })).toEqual({
      ok: false,
      errors: [{ instancePath: '/n', message: texts.invalidValue }],
    });
  });
});
