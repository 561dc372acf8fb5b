/**
 * The shapes of the API's answers, for its description (docs/api.md). The request bodies are
 * described by the schemas the routes validate with; the answers are written by the server, and
 * these schemas say what the integration tests hold every answer to. Objects stay open
 * (`additionalProperties` is not closed) unless an answer must carry nothing more, so a field added
 * to an answer is no break; the fields a client may rely on are `required`.
 */
import { MAX_RANGE_DAYS } from '@platzbuchung/domain/reservations/schemas';
import { memberStatuses } from '@platzbuchung/domain/types';
import type { JsonSchema, QueryParameter } from './api-description';

export const text = { type: 'string' } as const;
export const id = { type: 'string', format: 'uuid' } as const;
export const isoDate = { type: 'string', format: 'date' } as const;
export const integer = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;

/** `schema`, or null. */
export const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** An object whose listed fields are all there. */
export function object(properties: Readonly<Record<string, JsonSchema>>, optional: readonly string[] = []) {
  return {
    type: 'object',
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    properties,
  } as const;
}

export const listOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

/** `{data: …}`, how lists and refreshed states are wrapped. */
export const withData = (data: JsonSchema): JsonSchema => object({ data });

/** `{message: "…"}` in German, with more fields when a change answers its result too. */
export const message = (more: Readonly<Record<string, JsonSchema>> = {}): JsonSchema =>
  object({ message: text, ...more });

/** A field error: the field's JSON pointer in the body and the German text shown under it. */
const fieldError = object({ instancePath: text, message: text });

/**
 * Every refusal: `{error: "Satz"}` or, for forms, `{error: [{instancePath, message}]}`
 * (services/api/src/http/errors.ts).
 */
export const refusal = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: { anyOf: [text, { type: 'array', items: fieldError, minItems: 1 }] },
  },
} as const;

export const sessionUser = object({
  _id: id,
  club_id: id,
  role: { enum: ['admin', 'player'] },
  first_name: text,
  last_name: text,
  email: text,
  status: { enum: [...memberStatuses] },
});

export const memberName = object({ _id: id, first_name: text, last_name: text });

export const club = object(
  {
    _id: id,
    name: text,
    courts_count: integer,
    start_hour: integer,
    end_hour: integer,
    reservations_limit: integer,
    member_approval: bool,
    time_zone: text,
    booking_horizon_days: orNull(integer),
    cancel_deadline_hours: integer,
    has_rules: bool,
    court_names: { type: 'object', additionalProperties: text },
  },
  ['has_rules', 'court_names'],
);

const namedPlayer = {
  anyOf: [
    object({ user_id: id, first_name: orNull(text), last_name: orNull(text) }),
    object({ guest_name: text }),
  ],
} as const;

export const reservation = object(
  {
    _id: id,
    club_id: id,
    user_id: id,
    court_num: text,
    start_time: integer,
    end_time: integer,
    date: isoDate,
    label: orNull(text),
    recurring: bool,
    deleted_dates: listOf(isoDate),
    end_date: orNull(isoDate),
    group_id: orNull(id),
    players: listOf(namedPlayer),
  },
  ['label', 'end_date', 'group_id', 'players'],
);

/** The club's reservations after a change, as the grid lists them. */
export const reservationList = withData(listOf(reservation));

export const block = object(
  {
    _id: id,
    club_id: id,
    court_nums: listOf(text),
    from: text,
    until: text,
    reason: text,
    // A weekly block's last day; absent for a block of one time.
    repeat_until: text,
  },
  ['club_id', 'repeat_until'],
);

/** The state of the member's address: which one, whether it is confirmed, and a change waiting. */
export const emailState = object({ email: text, confirmed: bool, pending_email: orNull(text) });

/** A secret link's address, or null while there is none. */
export const secretLink = object({ url: orNull(text) });

// --- Query parameters many routes share ---

/** `?club_id=`: the member's own club, which a call may also leave out. */
export const clubQuery: Readonly<Record<string, QueryParameter>> = {
  club_id: { description: 'Der Verein; ohne: der eigene. Ein anderer wird abgelehnt (403).', schema: id },
};

/** `?from=&to=`, the days a call asks about, both inclusive (http/date-range.ts). */
export const dayRangeQuery = (required = false): Readonly<Record<string, QueryParameter>> => ({
  from: { description: 'Der erste Tag (JJJJ-MM-TT); nur mit „to“.', schema: isoDate, required },
  to: {
    description: `Der letzte Tag (JJJJ-MM-TT), höchstens ${MAX_RANGE_DAYS} Tage nach „from“.`,
    schema: isoDate,
    required,
  },
});

/** An event of the club's log (packages/domain/src/events/streams.ts, `EventMetadata`). */
export const loggedEvent = object({
  type: text,
  position: integer,
  club_seq: integer,
  stream_type: text,
  occurred_at: text,
  data: { type: 'object' },
});
