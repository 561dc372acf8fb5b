/**
 * The event store's check on append: each event's data against its catalogue schema. Strict — no
 * coercion, no defaults — so an event is stored exactly as its decider made it. Kept apart from the
 * catalogue so that the UIs, which read only labels, do not ship a validator.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { withFormats } from '../validation';
import { eventCatalogue, eventTypes, type DomainEvent, type EventType } from './catalogue';

function compileAll(): Record<EventType, ValidateFunction> {
  const ajv = withFormats(new Ajv({ allErrors: false, strict: true }), ['uuid', 'date']);
  const entries = eventTypes.map((type) => [type, ajv.compile(eventCatalogue[type].schema)] as const);
  return Object.fromEntries(entries) as Record<EventType, ValidateFunction>;
}

let validators: Record<EventType, ValidateFunction> | undefined;

/** Null when the event's data matches its schema, else ajv's complaint in one line. */
export function eventDataError(event: DomainEvent): string | null {
  validators ??= compileAll();
  const validate = validators[event.type];
  return validate(event.data)
    ? null
    : `${validate.errors?.[0]?.instancePath ?? ''} ${validate.errors?.[0]?.message ?? ''}`;
}
