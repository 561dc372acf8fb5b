/**
 * Shapes several schemas share, each defined once: the request bodies (with their German texts),
 * the event catalogue and the deciders import the same rule, so a court number or an hour moment
 * cannot mean one thing in a request and another in the log.
 */

/** A court's number: 1, 2, 3 … as text, without a leading zero. Whether the club has it is the decider's. */
export const COURT_NUMBER_PATTERN = '^[1-9][0-9]*$';
const COURT_NUMBER = new RegExp(COURT_NUMBER_PATTERN);

export function isCourtNumber(value: string): boolean {
  return COURT_NUMBER.test(value);
}

/** The most courts a club has: its settings, a booking over several courts and a block name at most so many. */
export const MAX_COURTS = 20;

/** With at most `MAX_COURTS` courts, a request names a court in at most two digits. */
export const COURT_NUMBER_MAX_LENGTH = String(MAX_COURTS).length;

/** A full hour of a club-local day, "2026-11-24T14:00": the day and the hour as groups. */
export const HOUR_MOMENT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00$/;
export const HOUR_MOMENT_PATTERN = HOUR_MOMENT.source;

/** A request's date, court and hour, with their German texts: every call naming an hour of a court. */
/** The answer for a date that is no real day: every call and every rule says it alike. */
export const invalidDateText = 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).';

export const isoDate = {
  type: 'string',
  format: 'date',
  errorMessage: invalidDateText,
} as const;
export const courtNumber = {
  type: 'string',
  pattern: COURT_NUMBER_PATTERN,
  maxLength: COURT_NUMBER_MAX_LENGTH,
  errorMessage: 'Bitte wählen Sie einen Platz.',
} as const;
export const hour = (max: number) =>
  ({
    type: 'integer',
    minimum: 0,
    maximum: max,
    errorMessage: 'Bitte geben Sie eine volle Stunde an.',
  }) as const;

/** An id as every table and event spells it: a UUID, any version, either case. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID = new RegExp(UUID_PATTERN);

/** Whether a value is an id (`UUID_PATTERN`): what a request, a CLI argument or a queue's job names. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A guest's name as a booking names them: letters, spaces and `-'.`, this many characters. */
export const GUEST_NAME_MIN = 2;
export const GUEST_NAME_MAX = 60;
export const GUEST_NAME_PATTERN = `^(?=.{${GUEST_NAME_MIN},${GUEST_NAME_MAX}}$)[\\p{L}][\\p{L} .'-]*$`;
const GUEST_NAME = new RegExp(GUEST_NAME_PATTERN, 'u');

/**
 * A guest's name exactly as it is stored: trimmed, and still of the pattern. The request's pattern
 * lets a trailing space through ("A "), which trimming takes away, so the rules judge the name the
 * guests table will hold, and its check is never the first to say no.
 */
export const isGuestName = (name: string): boolean => name === name.trim() && GUEST_NAME.test(name);

/** Every request body is a JSON object with no fields beyond those its schema names. */
export const jsonObjectBody = {
  type: 'object',
  additionalProperties: false,
  errorMessage: { type: 'Die Anfrage muss ein JSON-Objekt sein.' },
} as const;

/**
 * Control characters (U+0000 breaks PostgreSQL text) and the invisible bidirectional controls that
 * reorder what a reader sees ("TC \u202eßiew" shows as "TC weiß"), refused in every free text.
 * Tab and line breaks are controls too, but a text over several lines keeps them.
 */
const TAB_AND_LINE_BREAKS = '\\u0009\\u000a\\u000d';
const OTHER_C0_CONTROLS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f';
const C1_AND_BIDI_CONTROLS = '\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** The characters no free text may hold, as the inside of a character class. */
export const CONTROL_OR_BIDI_CHARACTERS = `${OTHER_C0_CONTROLS}${TAB_AND_LINE_BREAKS}${C1_AND_BIDI_CONTROLS}`;
/** A one-line text without those characters; `null` is not checked by patterns. */
export const FREE_TEXT_PATTERN = `^[^${CONTROL_OR_BIDI_CHARACTERS}]*$`;
/** A text over several lines: tab and line breaks pass, every other control does not. */
export const MULTILINE_TEXT_PATTERN = `^[^${OTHER_C0_CONTROLS}${C1_AND_BIDI_CONTROLS}]*$`;
