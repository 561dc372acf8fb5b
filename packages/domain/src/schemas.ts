/**
 * The JSON schemas of every form, served to the UIs at /schema/<name>.json and used by the API to
 * validate bodies. German error messages live inside them (ajv-errors `errorMessage`); a missing
 * required field is reported by `toFieldErrors` with the original client's text.
 */

import { germanInteger } from './german-numbers';
import {
  CONTROL_OR_BIDI_CHARACTERS,
  COURT_NUMBER_MAX_LENGTH,
  COURT_NUMBER_PATTERN,
  FREE_TEXT_PATTERN,
  jsonObjectBody,
  MAX_COURTS,
  MULTILINE_TEXT_PATTERN,
} from './shapes';
import * as texts from './texts';
import type { ClubCoreSettings, CourtNames } from './types';

export type { ClubCoreSettings } from './types';

/** Names: Unicode letters, so "Jürgen" and "Müller-Lüdenscheidt" pass. */
const FIRST_NAME_PATTERN = '^\\p{L}{2,40}$';
const LAST_NAME_PATTERN = '^(?=.{2,40}$)\\p{L}+(?:-\\p{L}+)*$';
/** A lowercase and an uppercase letter, a digit and a special character. */
export const PASSWORD_PATTERN = '^(?=.*\\p{Ll})(?=.*\\p{Lu})(?=.*\\p{Nd})(?=.*[^\\p{L}\\p{Nd}\\s]).{8,72}$';

const CONTROL_OR_BIDI = `[${CONTROL_OR_BIDI_CHARACTERS}]`;

const email = {
  type: 'string',
  format: 'email',
  maxLength: 254,
  errorMessage: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
} as const;

const password = {
  type: 'string',
  pattern: PASSWORD_PATTERN,
  errorMessage:
    'Das Passwort braucht mindestens 8 Zeichen (höchstens 72), darunter einen Klein- und einen Großbuchstaben, eine Ziffer und ein Sonderzeichen.',
} as const;

const anyPassword = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  errorMessage: 'Bitte geben Sie Ihr Passwort ein.',
} as const;

const firstName = {
  type: 'string',
  pattern: FIRST_NAME_PATTERN,
  errorMessage: 'Der Vorname muss aus 2 bis 40 Buchstaben bestehen.',
} as const;

const lastName = {
  type: 'string',
  pattern: LAST_NAME_PATTERN,
  errorMessage: 'Der Nachname muss aus 2 bis 40 Buchstaben bestehen (Bindestrich erlaubt).',
} as const;

const privacy = {
  type: 'string',
  const: 'agree',
  errorMessage: 'Bitte stimmen Sie der Datenschutzerklärung zu.',
} as const;

const integerBetween = (min: number, max: number, message: string) =>
  ({ type: 'integer', minimum: min, maximum: max, errorMessage: message }) as const;

/** Club fields, shared by club registration and the admin's club settings. */
export const clubSettingsProperties = {
  name: {
    type: 'string',
    minLength: 2,
    maxLength: 80,
    // Two letters or digits at least: the name must tell clubs apart (see club-names.ts).
    pattern: '[\\p{L}\\p{N}].*[\\p{L}\\p{N}]',
    not: { pattern: CONTROL_OR_BIDI },
    errorMessage: {
      pattern: 'Der Vereinsname muss mindestens zwei Buchstaben oder Ziffern enthalten.',
      not: 'Der Vereinsname darf keine Steuer- oder Schreibrichtungszeichen enthalten.',
      _: 'Der Vereinsname muss 2 bis 80 Zeichen lang sein.',
    },
  },
  courts_count: integerBetween(
    1,
    MAX_COURTS,
    `Die Anzahl der Plätze muss zwischen 1 und ${MAX_COURTS} liegen.`,
  ),
  start_hour: integerBetween(1, 23, 'Die Startzeit muss zwischen 1 und 23 Uhr liegen.'),
  end_hour: {
    type: 'integer',
    minimum: 1,
    maximum: 23,
    exclusiveMinimum: { $data: '1/start_hour' },
    errorMessage: 'Die Endzeit muss zwischen 1 und 23 Uhr und nach der Startzeit liegen.',
  },
  reservations_limit: integerBetween(1, 10, 'Das Reservierungslimit muss zwischen 1 und 10 liegen.'),
} as const;

// --- Club-local rules (time zone, booking horizon, cancellation deadline, Platzordnung) ---

export const RULES_MAX_LENGTH = 5000;
export const HORIZON_MAX_DAYS = 365;
export const CANCEL_DEADLINE_MAX_HOURS = 168;

/**
 * The shape of an IANA zone name; whether the zone exists is `isTimeZone` (club-time.ts), which
 * asks Intl and therefore cannot live in a schema compiled ahead of time.
 */
const timeZone = {
  type: 'string',
  pattern: '^[A-Za-z][A-Za-z0-9_+\\-]*(?:/[A-Za-z0-9_+\\-]+){0,2}$',
  maxLength: 64,
  errorMessage: 'Bitte wählen Sie eine gültige Zeitzone (z. B. Europe/Berlin).',
} as const;

export const clubLocalRulesProperties = {
  time_zone: timeZone,
  booking_horizon_days: {
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: HORIZON_MAX_DAYS,
    errorMessage: `Der Buchungszeitraum muss zwischen 1 und ${HORIZON_MAX_DAYS} Tagen liegen (leer: unbegrenzt).`,
  },
  cancel_deadline_hours: integerBetween(
    0,
    CANCEL_DEADLINE_MAX_HOURS,
    `Die Stornofrist muss zwischen 0 und ${CANCEL_DEADLINE_MAX_HOURS} Stunden liegen.`,
  ),
  rules: {
    type: 'string',
    maxLength: RULES_MAX_LENGTH,
    // The Platzordnung is plain text over several lines.
    pattern: MULTILINE_TEXT_PATTERN,
    errorMessage: {
      maxLength: `Die Platzordnung darf höchstens ${germanInteger(RULES_MAX_LENGTH)} Zeichen lang sein.`,
      pattern: 'Die Platzordnung darf keine Steuer- oder Schreibrichtungszeichen enthalten.',
      _: 'Die Platzordnung muss ein Text sein.',
    },
  },
} as const;

// --- end of club-local rules ---

// --- The clubhouse screen (docs/architecture/clubhouse-screen.md) ---

/** How the clubhouse screen names who plays: not at all, "S. G.", or "Steffi Graf". */
export const DISPLAY_NAMES = ['none', 'initials', 'full'] as const;
export type DisplayNames = (typeof DISPLAY_NAMES)[number];

export const displaySettingsProperties = {
  display_names: {
    type: 'string',
    enum: DISPLAY_NAMES,
    errorMessage: 'Bitte wählen Sie, wie der Aushang Namen zeigt: keine, Initialen oder volle Namen.',
  },
} as const;

// --- Who plays: co-players, guests, quotas (docs/who-plays.md) ---

export const GUEST_FEE_MAX_CENTS = 10000;
export const QUOTAS_MAX = 5;
export const QUOTA_EXEMPT_MAX_HOURS = 48;

const quota = {
  type: 'object',
  properties: {
    days: {
      type: 'array',
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 7,
        errorMessage: 'Ein Wochentag ist eine Zahl von 1 (Montag) bis 7 (Sonntag).',
      },
      errorMessage: 'Bitte wählen Sie für jedes Kontingent mindestens einen Wochentag, jeden nur einmal.',
    },
    from_hour: integerBetween(0, 23, 'Ein Kontingent beginnt zwischen 0 und 23 Uhr.'),
    to_hour: {
      type: 'integer',
      minimum: 1,
      maximum: 24,
      exclusiveMinimum: { $data: '1/from_hour' },
      errorMessage: 'Ein Kontingent endet zwischen 1 und 24 Uhr und nach seinem Beginn.',
    },
    hours_per_week: integerBetween(1, 168, 'Ein Kontingent erlaubt 1 bis 168 Stunden pro Woche.'),
  },
  required: ['days', 'from_hour', 'to_hour', 'hours_per_week'],
  additionalProperties: false,
  errorMessage: {
    type: 'Ein Kontingent braucht Wochentage, Beginn, Ende und Stunden pro Woche.',
    additionalProperties: 'Ein Kontingent hat nur Wochentage, Beginn, Ende und Stunden pro Woche.',
  },
} as const;

// --- Check-in and no-shows (docs/check-in.md) ---

export const CHECK_IN_MAX_OPENS_MIN = 60;
export const CHECK_IN_MAX_RELEASE_AFTER_MIN = 59;
export const CHECK_IN_MAX_STRIKES = 10;
export const CHECK_IN_MAX_STRIKE_DAYS = 365;

const checkInText =
  'Check-in: bitte „required“ (ja/nein) sowie Minuten vorher, Minuten bis zur Freigabe, Versäumnisse, Tage und Pausentage angeben.';

/**
 * Whether members check in on their court, and what an hour nobody checked in for costs. One
 * object, saved whole: its numbers only make sense together (the pause is never longer than the
 * days no-shows are kept, docs/check-in.md).
 */
const checkIn = {
  type: 'object',
  properties: {
    required: { type: 'boolean', errorMessage: 'Ob Check-in nötig ist, muss „true“ oder „false“ sein.' },
    opens_min: integerBetween(
      0,
      CHECK_IN_MAX_OPENS_MIN,
      `Der Check-in öffnet 0 bis ${CHECK_IN_MAX_OPENS_MIN} Minuten vor Beginn.`,
    ),
    release_after_min: integerBetween(
      1,
      CHECK_IN_MAX_RELEASE_AFTER_MIN,
      `Die Freigabe erfolgt 1 bis ${CHECK_IN_MAX_RELEASE_AFTER_MIN} Minuten nach Beginn.`,
    ),
    strikes: integerBetween(
      1,
      CHECK_IN_MAX_STRIKES,
      `Eine Pause folgt nach 1 bis ${CHECK_IN_MAX_STRIKES} Versäumnissen.`,
    ),
    strike_days: integerBetween(
      1,
      CHECK_IN_MAX_STRIKE_DAYS,
      `Versäumnisse zählen 1 bis ${CHECK_IN_MAX_STRIKE_DAYS} Tage lang.`,
    ),
    pause_days: {
      type: 'integer',
      minimum: 1,
      maximum: { $data: '1/strike_days' },
      errorMessage: 'Die Pause dauert mindestens 1 Tag und höchstens so viele Tage, wie Versäumnisse zählen.',
    },
  },
  required: ['required', 'opens_min', 'release_after_min', 'strikes', 'strike_days', 'pause_days'],
  additionalProperties: false,
  default: {
    required: false,
    opens_min: 15,
    release_after_min: 10,
    strikes: 3,
    strike_days: 28,
    pause_days: 14,
  },
  errorMessage: { type: checkInText },
} as const;

// --- end of check-in ---

// --- Member categories (docs/who-plays.md, "Member categories") ---

export const CATEGORIES_MAX = 10;
export const CATEGORY_WINDOWS_MAX = 5;
export const CATEGORY_NAME_MAX_LENGTH = 30;
export const CATEGORY_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,29}$';
/** The category a birth year puts a junior in (categories/categories): its id, not its name. */
export const JUNIOR_CATEGORY_ID = 'jugend';

const categoryWindow = {
  type: 'object',
  properties: {
    days: {
      type: 'array',
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      items: {
        type: 'integer',
        minimum: 1,
        maximum: 7,
        errorMessage: 'Ein Wochentag ist eine Zahl von 1 (Montag) bis 7 (Sonntag).',
      },
      errorMessage: 'Bitte wählen Sie für jede Spielzeit mindestens einen Wochentag, jeden nur einmal.',
    },
    from_hour: integerBetween(0, 23, 'Eine Spielzeit beginnt zwischen 0 und 23 Uhr.'),
    to_hour: {
      type: 'integer',
      minimum: 1,
      maximum: 24,
      exclusiveMinimum: { $data: '1/from_hour' },
      errorMessage: 'Eine Spielzeit endet zwischen 1 und 24 Uhr und nach ihrem Beginn.',
    },
  },
  required: ['days', 'from_hour', 'to_hour'],
  additionalProperties: false,
  errorMessage: {
    type: 'Eine Spielzeit braucht Wochentage, Beginn und Ende.',
    required: 'Eine Spielzeit braucht Wochentage, Beginn und Ende.',
    additionalProperties: 'Eine Spielzeit hat nur Wochentage, Beginn und Ende.',
  },
} as const;

const category = {
  type: 'object',
  properties: {
    id: {
      type: 'string',
      pattern: CATEGORY_ID_PATTERN,
      errorMessage:
        'Die Kennung einer Kategorie besteht aus 1 bis 30 Kleinbuchstaben, Ziffern oder Bindestrichen.',
    },
    name: {
      type: 'string',
      minLength: 1,
      maxLength: CATEGORY_NAME_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
      errorMessage: `Jede Kategorie braucht einen Namen von 1 bis ${CATEGORY_NAME_MAX_LENGTH} Zeichen, ohne Steuerzeichen.`,
    },
    can_book: {
      type: 'boolean',
      errorMessage: 'Ob eine Kategorie buchen darf, muss „true“ oder „false“ sein.',
    },
    windows: {
      type: 'array',
      maxItems: CATEGORY_WINDOWS_MAX,
      items: categoryWindow,
      errorMessage: {
        maxItems: `Höchstens ${CATEGORY_WINDOWS_MAX} Spielzeiten je Kategorie.`,
        type: 'Spielzeiten sind eine Liste.',
      },
    },
    reservations_limit: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 10,
      errorMessage: 'Das Limit einer Kategorie liegt zwischen 0 und 10, oder „null“ für kein Limit.',
    },
    quota_exempt: {
      type: 'boolean',
      errorMessage: 'Ob eine Kategorie von den Kontingenten ausgenommen ist, muss „true“ oder „false“ sein.',
    },
  },
  required: ['id', 'name', 'can_book'],
  additionalProperties: false,
  errorMessage: {
    type: 'Eine Kategorie braucht Kennung, Namen und ob sie buchen darf.',
    required: 'Eine Kategorie braucht Kennung, Namen und ob sie buchen darf.',
    additionalProperties:
      'Eine Kategorie hat nur Kennung, Namen, Buchungsrecht, Spielzeiten, Limit und Kontingent-Ausnahme.',
  },
} as const;

/**
 * The club's member categories and the age up to which a member is a junior by their birth year;
 * the default is one category with the club's own rules, as every club had before.
 */
export const categoryProperties = {
  categories: {
    type: 'array',
    minItems: 1,
    maxItems: CATEGORIES_MAX,
    items: category,
    default: [{ id: 'mitglied', name: 'Mitglied', can_book: true }],
    errorMessage: {
      minItems: 'Ein Verein braucht mindestens eine Kategorie.',
      maxItems: `Höchstens ${CATEGORIES_MAX} Kategorien.`,
      type: 'Kategorien sind eine Liste.',
    },
  },
  junior_until_age: {
    type: ['integer', 'null'],
    minimum: 6,
    maximum: 27,
    default: null,
    errorMessage: 'Jugendliche sind es bis zu einem Alter zwischen 6 und 27 Jahren, oder „null“ für nie.',
  },
} as const;

// --- end of member categories ---

/**
 * The club's rules about who plays; each optional in a request (absent: unchanged). Each names its
 * `default`, the behaviour every club had before it (players/play-rules reads them): a rule added
 * here needs no other list of keys or defaults.
 */
export const playRulesProperties = {
  co_players: {
    enum: ['off', 'optional', 'required'],
    default: 'off',
    errorMessage: 'Mitspieler: bitte „off“, „optional“ oder „required“ wählen.',
  },
  co_players_count: {
    type: 'boolean',
    default: false,
    errorMessage: 'Ob Mitspieler zum Reservierungslimit zählen, muss „true“ oder „false“ sein.',
  },
  doubles_hours: { enum: [1, 2], default: 1, errorMessage: 'Ein Doppel dauert 1 oder 2 Stunden.' },
  guests: {
    type: 'boolean',
    default: false,
    errorMessage: 'Ob Gäste erlaubt sind, muss „true“ oder „false“ sein.',
  },
  guest_fee_cents: {
    ...integerBetween(
      0,
      GUEST_FEE_MAX_CENTS,
      'Die Gastgebühr muss zwischen 0,00 € und 100,00 € pro Stunde liegen.',
    ),
    default: 0,
  },
  quotas: {
    type: 'array',
    maxItems: QUOTAS_MAX,
    items: quota,
    default: [],
    errorMessage: { maxItems: `Höchstens ${QUOTAS_MAX} Kontingente.`, type: 'Kontingente sind eine Liste.' },
  },
  quota_exempt_hours: {
    ...integerBetween(
      0,
      QUOTA_EXEMPT_MAX_HOURS,
      `Die Kurzfrist-Ausnahme muss zwischen 0 und ${QUOTA_EXEMPT_MAX_HOURS} Stunden liegen.`,
    ),
    default: 0,
  },
  check_in: checkIn,
  ...categoryProperties,
} as const;

// --- end of who plays ---

// --- Prices (docs/architecture/money.md) ---

export const PRICE_RULES_MAX = 30;
export const PRICE_LABEL_MAX_LENGTH = 40;
/** 500,00 € an hour: more than any club charges, little enough that a typo shows. */
export const PRICE_MAX_CENTS_PER_HOUR = 50000;

/**
 * One price rule. The shape is the schema's; that each court exists, the hours lie within the
 * club's opening hours and the label is not blank are money/prices' (they need the club).
 */
const priceCourtsText =
  'Bitte wählen Sie für jeden Preis „Alle Plätze“ oder mindestens einen Platz, jeden nur einmal.';
const priceCategoriesText =
  'Die Kategorien eines Preises sind eine Liste von Kennungen, jede nur einmal; ohne sie gilt er für alle.';
const priceDaysText =
  'Bitte wählen Sie für jeden Preis mindestens einen Wochentag (1 bis 7), jeden nur einmal.';

const priceRule = {
  type: 'object',
  properties: {
    label: {
      type: 'string',
      minLength: 1,
      maxLength: PRICE_LABEL_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
      errorMessage: `Jeder Preis braucht eine Bezeichnung von 1 bis ${PRICE_LABEL_MAX_LENGTH} Zeichen, ohne Steuerzeichen.`,
    },
    courts: {
      type: ['array', 'null'],
      minItems: 1,
      maxItems: MAX_COURTS,
      uniqueItems: true,
      // The message sits on the items too: ajv-errors does not reach an array's items' own errors.
      items: {
        type: 'string',
        pattern: COURT_NUMBER_PATTERN,
        maxLength: COURT_NUMBER_MAX_LENGTH,
        errorMessage: priceCourtsText,
      },
      errorMessage: priceCourtsText,
    },
    days: {
      type: 'array',
      minItems: 1,
      maxItems: 7,
      uniqueItems: true,
      items: { type: 'integer', minimum: 1, maximum: 7, errorMessage: priceDaysText },
      errorMessage: priceDaysText,
    },
    from_hour: integerBetween(0, 23, 'Ein Preis gilt ab einer vollen Stunde zwischen 0 und 23 Uhr.'),
    to_hour: {
      type: 'integer',
      minimum: 1,
      maximum: 24,
      exclusiveMinimum: { $data: '1/from_hour' },
      errorMessage: 'Ein Preis gilt bis zu einer vollen Stunde zwischen 1 und 24 Uhr, nach seinem Beginn.',
    },
    cents_per_hour: integerBetween(
      0,
      PRICE_MAX_CENTS_PER_HOUR,
      'Ein Preis muss zwischen 0,00 € und 500,00 € pro Stunde liegen, in ganzen Cent.',
    ),
    // Only bookers of these member categories pay it (docs/who-plays.md, "Member categories").
    categories: {
      type: 'array',
      minItems: 1,
      maxItems: CATEGORIES_MAX,
      uniqueItems: true,
      items: { type: 'string', pattern: CATEGORY_ID_PATTERN, errorMessage: priceCategoriesText },
      errorMessage: priceCategoriesText,
    },
  },
  required: ['label', 'courts', 'days', 'from_hour', 'to_hour', 'cents_per_hour'],
  additionalProperties: false,
  errorMessage: {
    type: 'Ein Preis braucht Bezeichnung, Plätze, Wochentage, Beginn, Ende und Cent pro Stunde.',
    required: 'Ein Preis braucht Bezeichnung, Plätze, Wochentage, Beginn, Ende und Cent pro Stunde.',
    additionalProperties:
      'Ein Preis hat nur Bezeichnung, Plätze, Wochentage, Beginn, Ende, Cent pro Stunde und Kategorien.',
  },
} as const;

/** What an hour costs; each optional in a request (absent: unchanged). */
export const priceSettingsProperties = {
  prices: {
    type: 'array',
    maxItems: PRICE_RULES_MAX,
    items: priceRule,
    errorMessage: { maxItems: `Höchstens ${PRICE_RULES_MAX} Preise.`, type: 'Preise sind eine Liste.' },
  },
  split_court_fee: {
    type: 'boolean',
    errorMessage: 'Ob die Platzgebühr geteilt wird, muss „true“ oder „false“ sein.',
  },
  payment: {
    type: 'string',
    enum: ['none', 'account', 'prepaid'],
    default: 'none',
    errorMessage:
      'Die Abrechnung ist „none“ (keine), „account“ (aufs Mitgliedskonto) oder „prepaid“ (nur mit Guthaben).',
  },
} as const;

// --- end of prices ---

// --- SEPA direct debit: the club as creditor (docs/architecture/money.md, "SEPA direct debit") ---

/** What SEPA allows for a name in a collection file (the file transliterates the rest). */
export const SEPA_NAME_MAX_LENGTH = 70;
const sepaCreditorText =
  'Lastschrift: bitte Name des Vereins, IBAN und Gläubiger-ID angeben (BIC freiwillig), oder keine Lastschrift.';

/**
 * The club's own account and creditor identifier for SEPA direct debit; null: the club collects no
 * direct debits. The schema checks the shape (spaces and small letters allowed, as people type
 * them); the check digits are money/sepa/identifiers' `sepaCreditorErrors`.
 */
/** The creditor's fields, as the Verein card's form holds them (its own schema, `sepaCreditor`). */
const sepaCreditorProperties = {
  creditor_name: {
    type: 'string',
    minLength: 2,
    maxLength: SEPA_NAME_MAX_LENGTH,
    pattern: FREE_TEXT_PATTERN,
    errorMessage: `Der Name des Zahlungsempfängers muss 2 bis ${SEPA_NAME_MAX_LENGTH} Zeichen lang sein, ohne Steuerzeichen.`,
  },
  creditor_iban: {
    type: 'string',
    maxLength: 42,
    pattern: '^[A-Za-z]{2} ?[0-9]{2}[A-Za-z0-9 ]{11,38}$',
    errorMessage: 'Bitte geben Sie die IBAN des Vereinskontos an (z. B. DE89 3704 0044 0532 0130 00).',
  },
  creditor_bic: {
    type: 'string',
    pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}(?:[A-Za-z0-9]{3})?$',
    errorMessage: 'Eine BIC hat 8 oder 11 Zeichen (z. B. COBADEFFXXX).',
  },
  creditor_id: {
    type: 'string',
    maxLength: 40,
    pattern: '^[A-Za-z]{2} ?[0-9]{2}[A-Za-z0-9 ]{4,36}$',
    errorMessage: 'Bitte geben Sie die Gläubiger-ID des Vereins an (z. B. DE98ZZZ09999999999).',
  },
} as const;
const SEPA_CREDITOR_REQUIRED = ['creditor_name', 'creditor_iban', 'creditor_id'] as const;

const sepaSettingsProperties = {
  sepa: {
    type: 'object',
    nullable: true,
    default: null,
    properties: sepaCreditorProperties,
    required: SEPA_CREDITOR_REQUIRED,
    additionalProperties: false,
    errorMessage: { type: sepaCreditorText, required: sepaCreditorText },
  },
} as const;

// --- end of SEPA ---

// --- Court names (docs/architecture/club-time.md, "Court names") ---

/** A court's own name is at most this long once trimmed (clubs/court-names checks it). */
export const COURT_NAME_MAX_LENGTH = 30;

/**
 * The courts' own names by court number. The schema checks the shape; the trimmed length, that
 * each name is the club's only one and that the court exists are clubs/court-names' (they need
 * the club), so an untrimmed name may be longer here.
 */
export const courtNamesProperties = {
  court_names: {
    type: 'object',
    maxProperties: MAX_COURTS,
    propertyNames: { pattern: COURT_NUMBER_PATTERN, maxLength: COURT_NUMBER_MAX_LENGTH },
    additionalProperties: {
      type: 'string',
      maxLength: 2 * COURT_NAME_MAX_LENGTH,
      pattern: FREE_TEXT_PATTERN,
    },
    errorMessage: `Platznamen: je Platznummer ein Name von höchstens ${COURT_NAME_MAX_LENGTH} Zeichen, ohne Steuerzeichen.`,
  },
} as const;

/** Every form body: an object with no fields beyond those the schema names. */
const { type: _object, ...unknownFieldsRefused } = jsonObjectBody;

export const clubSchema = {
  $id: 'club',
  type: 'object',
  properties: {
    ...clubSettingsProperties,
    time_zone: clubLocalRulesProperties.time_zone,
    first_name: firstName,
    last_name: lastName,
    email,
    password,
    privacy,
  },
  required: [
    'name',
    'courts_count',
    'start_hour',
    'end_hour',
    'reservations_limit',
    'first_name',
    'last_name',
    'email',
    'password',
    'privacy',
  ],
  ...unknownFieldsRefused,
} as const;

export const signupSchema = {
  $id: 'signup',
  type: 'object',
  properties: {
    club_id: {
      type: 'string',
      format: 'uuid',
      errorMessage: 'Bitte wählen Sie Ihren Verein aus.',
    },
    first_name: firstName,
    last_name: lastName,
    email,
    password,
    privacy,
  },
  required: ['club_id', 'first_name', 'last_name', 'email', 'password', 'privacy'],
  ...unknownFieldsRefused,
} as const;

export const loginSchema = {
  $id: 'login',
  type: 'object',
  properties: { email, password: anyPassword },
  required: ['email', 'password'],
  ...unknownFieldsRefused,
} as const;

export const resetPasswordSchema = {
  $id: 'resetPassword',
  type: 'object',
  properties: {
    password,
    resetToken: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{43,128}$',
      errorMessage: texts.resetTokenInvalid,
    },
  },
  required: ['password', 'resetToken'],
  ...unknownFieldsRefused,
} as const;

/** Forgot-password has no form of its own; the API still validates its body. */
export const forgotPasswordSchema = {
  $id: 'forgotPassword',
  type: 'object',
  properties: { email },
  required: ['email'],
  ...unknownFieldsRefused,
} as const;

/** "Name ändern" in the account panel: the same rules as at sign-up. */
export const accountNameSchema = {
  $id: 'accountName',
  type: 'object',
  properties: { first_name: firstName, last_name: lastName },
  required: ['first_name', 'last_name'],
  ...unknownFieldsRefused,
} as const;

/** "Passwort ändern" in the account panel: the current password, and a new one as strong as at sign-up. */
export const changePasswordSchema = {
  $id: 'changePassword',
  type: 'object',
  properties: {
    current_password: { ...anyPassword, errorMessage: 'Bitte geben Sie Ihr bisheriges Passwort ein.' },
    password,
  },
  required: ['current_password', 'password'],
  ...unknownFieldsRefused,
} as const;

/**
 * "E-Mail-Adresse ändern" in the account panel: the new address checked as at sign-up, and the
 * current password.
 */
export const changeEmailSchema = {
  $id: 'changeEmail',
  type: 'object',
  properties: { email, password: anyPassword },
  required: ['email', 'password'],
  ...unknownFieldsRefused,
} as const;

/** The member's mail settings in the account panel. */
export const notificationSettingsSchema = {
  $id: 'notificationSettings',
  type: 'object',
  properties: {
    booking_confirmations: { type: 'boolean', errorMessage: texts.bookingConfirmationsInvalid },
    // Added later: absent = unchanged, so a client that knows only the first switch keeps working.
    co_player_notices: { type: 'boolean', errorMessage: texts.coPlayerNoticesInvalid },
  },
  required: ['booking_confirmations'],
  errorMessage: { ...unknownFieldsRefused.errorMessage, required: texts.bookingConfirmationsInvalid },
  additionalProperties: false,
} as const;

export interface NotificationSettings {
  booking_confirmations: boolean;
  /** Mails about bookings that name the member, and about co-players leaving their bookings. */
  co_player_notices: boolean;
}

/** What `PUT /api/account/notifications` takes: the co-player switch may be left out. */
export type NotificationSettingsChange = Pick<NotificationSettings, 'booking_confirmations'> &
  Partial<Pick<NotificationSettings, 'co_player_notices'>>;

/** Membership settings of the admin's "Verein" form; absent from a request means unchanged. */
export const membershipSettingsProperties = {
  member_approval: {
    type: 'boolean',
    errorMessage: 'Die Freigabe neuer Mitglieder muss „true“ oder „false“ sein.',
  },
} as const;

/** The admin's club settings form: the club fields of registration, plus the club's own rules (absent: unchanged). */
export const clubSettingsSchema = {
  $id: 'clubSettings',
  type: 'object',
  properties: {
    ...clubSettingsProperties,
    ...membershipSettingsProperties,
    ...clubLocalRulesProperties,
    ...displaySettingsProperties,
    ...playRulesProperties,
    ...courtNamesProperties,
    ...priceSettingsProperties,
    ...sepaSettingsProperties,
  },
  required: ['name', 'courts_count', 'start_hour', 'end_hour', 'reservations_limit'],
  ...unknownFieldsRefused,
} as const;

/** The admin's club-local rules form (time zone, horizon, deadline, Platzordnung); all optional. */
export const clubLocalRulesSchema = {
  $id: 'clubLocalRules',
  type: 'object',
  properties: clubLocalRulesProperties,
  ...unknownFieldsRefused,
} as const;

/**
 * The play rules of the admin's "Verein" tab, checked in the browser before they are sent with the
 * club's settings (PUT /api/admin/club, whose schema takes them beside the others); all optional.
 */
export const playRulesSchema = {
  $id: 'playRules',
  type: 'object',
  properties: playRulesProperties,
  ...unknownFieldsRefused,
} as const;

/** The prices of the admin's "Verein" tab, checked in the browser before they are sent; all optional. */
export const priceSettingsSchema = {
  $id: 'priceSettings',
  type: 'object',
  properties: priceSettingsProperties,
  ...unknownFieldsRefused,
} as const;

/** The SEPA part of the "Preise und Zahlung" card, checked in the browser; sent as `sepa`. */
export const sepaCreditorSchema = {
  $id: 'sepaCreditor',
  type: 'object',
  properties: sepaCreditorProperties,
  required: SEPA_CREDITOR_REQUIRED,
  ...unknownFieldsRefused,
} as const;

/** The admin's clubhouse screen card: how it names players. */
export const clubDisplaySchema = {
  $id: 'clubDisplay',
  type: 'object',
  properties: displaySettingsProperties,
  required: ['display_names'],
  ...unknownFieldsRefused,
} as const;

/** The schemas served at /schema/<name>.json, by name. */
export const formSchemas = {
  signup: signupSchema,
  club: clubSchema,
  login: loginSchema,
  resetPassword: resetPasswordSchema,
  clubSettings: clubSettingsSchema,
  clubLocalRules: clubLocalRulesSchema,
  clubDisplay: clubDisplaySchema,
  playRules: playRulesSchema,
  priceSettings: priceSettingsSchema,
  sepaCreditor: sepaCreditorSchema,
  accountName: accountNameSchema,
  changePassword: changePasswordSchema,
  changeEmail: changeEmailSchema,
} as const;

export type FormSchemaName = keyof typeof formSchemas;

export interface SignupBody {
  club_id: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  privacy: 'agree';
}

/** What registration asks of a club, and the first fields of its settings. */
/** The club-local rules; every club has all of them (defaults: APP_TIMEZONE, no horizon, 0 hours, no text). */
export interface ClubLocalRules {
  time_zone: string;
  booking_horizon_days: number | null;
  cancel_deadline_hours: number;
  rules: string;
  /** The clubhouse screen's names; settings recorded before it existed lack it (default `initials`). */
  display_names: DisplayNames;
}

/** A time window of the club's week whose hours each player may use only so many of per week. */
export interface Quota {
  /** ISO weekdays, 1 = Monday … 7 = Sunday, in club time. */
  days: number[];
  from_hour: number;
  /** Exclusive; 24 is midnight. */
  to_hour: number;
  hours_per_week: number;
}

/** A window of the club's week a category's members may play in. */
export interface CategoryWindow {
  /** ISO weekdays, 1 = Monday … 7 = Sunday, in club time. */
  days: number[];
  from_hour: number;
  /** Exclusive; 24 is midnight. */
  to_hour: number;
}

/** A member category (docs/who-plays.md, "Member categories"): absent fields keep the club's rules. */
export interface MemberCategory {
  id: string;
  name: string;
  can_book: boolean;
  /** When its members may play; absent or empty: whenever the club is open. */
  windows?: CategoryWindow[];
  /** Absent: the club's limit; null: no limit. */
  reservations_limit?: number | null;
  /** Its members' hours count to no quota. */
  quota_exempt?: boolean;
}

/** Who plays (docs/who-plays.md); every default keeps the behaviour from before. */
export interface PlayRules {
  co_players: 'off' | 'optional' | 'required';
  /** A named member's upcoming bookings count toward their `reservations_limit`. */
  co_players_count: boolean;
  /** How long a player's booking with three co-players may last. */
  doubles_hours: 1 | 2;
  guests: boolean;
  /** Per guest and hour. */
  guest_fee_cents: number;
  quotas: Quota[];
  /** A booking that starts within this many hours ignores the quotas. */
  quota_exempt_hours: number;
  /** Check-in and no-shows (docs/check-in.md); off by default. */
  check_in: CheckInSettings;
  /** At least one; the first is the category of a member the admin put in none. */
  categories: MemberCategory[];
  /** A member is a junior until the year they turn this old (null: no juniors by age). */
  junior_until_age: number | null;
}

/** Check-in (docs/check-in.md): minutes around an hour's start, and what no-shows cost. */
export interface CheckInSettings {
  required: boolean;
  /** Check-in opens this many minutes before the start. */
  opens_min: number;
  /** An hour nobody checked in for is released this many minutes after its start. */
  release_after_min: number;
  /** This many no-shows within `strike_days` pause the member's own bookings … */
  strikes: number;
  strike_days: number;
  /** … for this many days. */
  pause_days: number;
}

/**
 * One price: an hour on one of `courts` (null: every court), on one of `days` (ISO weekdays, club
 * time), from `from_hour` up to `to_hour` (exclusive) costs `cents_per_hour` more.
 */
export interface PriceRule {
  label: string;
  courts: string[] | null;
  days: number[];
  from_hour: number;
  to_hour: number;
  cents_per_hour: number;
  /** Only bookers in these member categories pay it; absent: everyone. */
  categories?: string[];
}

/** What the club charges (docs/architecture/money.md); settings recorded before them lack them (free). */
export interface PriceSettings {
  prices: PriceRule[];
  /** Named members share the court fee; the booker takes the remainder cent. */
  split_court_fee: boolean;
  /**
   * How bookings are paid: not at all (`none`, every club before money existed), onto the member's
   * account (`account`), or only from credit on it (`prepaid`).
   */
  payment: Payment;
}

/** How a club's bookings are paid (docs/architecture/money.md). */
export type Payment = 'none' | 'account' | 'prepaid';

/** The club as creditor of SEPA direct debits (docs/architecture/money.md, "SEPA direct debit"). */
export interface SepaCreditor {
  creditor_name: string;
  /** Electronic form once saved: capitals, no spaces. */
  creditor_iban: string;
  creditor_bic?: string;
  /** The Gläubiger-ID, electronic form once saved. */
  creditor_id: string;
}

/** Settings recorded before SEPA lack it: the club collected no direct debits (null). */
export interface SepaSettings {
  sepa: SepaCreditor | null;
}

/** The courts' own names; settings recorded before they existed lack them (none). */
export interface CourtNamesSetting {
  court_names: CourtNames;
}

/** A club's whole settings, as `ClubSettingsChanged` records them before and after. */
export interface ClubSettings
  extends ClubCoreSettings, ClubLocalRules, PlayRules, CourtNamesSetting, PriceSettings, SepaSettings {}

/** The body of `PUT /api/admin/club`: the core fields, and whichever club-local or play rules change. */
export type ClubSettingsBody = ClubCoreSettings &
  Partial<ClubLocalRules> &
  Partial<PlayRules> &
  Partial<CourtNamesSetting> &
  Partial<PriceSettings> &
  Partial<SepaSettings>;

export type ClubBody = ClubCoreSettings &
  Pick<Partial<ClubLocalRules>, 'time_zone'> &
  Omit<SignupBody, 'club_id'>;

export interface LoginBody {
  email: string;
  password: string;
}

export interface ResetPasswordBody {
  password: string;
  resetToken: string;
}

export interface AccountNameBody {
  first_name: string;
  last_name: string;
}

export interface ChangePasswordBody {
  current_password: string;
  password: string;
}

export interface ForgotPasswordBody {
  email: string;
}

export interface ChangeEmailBody {
  email: string;
  password: string;
}
