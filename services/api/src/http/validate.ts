import type { FieldError } from '@platzbuchung/domain/types';
import { compileValidator, createAjv, type Validate } from '@platzbuchung/domain/validation';
import { badRequest } from './errors';

/** One ajv instance for the process: schemas compile once, at start. */
const ajv = createAjv();

/**
 * A body check that throws 400. Forms get the field errors; calls whose SPEC body is `{error: "text"}`
 * pass `asSentence`.
 */
export function validator<T>(
  schema: object,
  toError: (errors: FieldError[]) => string | FieldError[] = (errors) => errors,
): (body: unknown) => T {
  const validate: Validate<T> = compileValidator<T>(ajv, schema);
  return (body) => {
    const result = validate(body);
    if (!result.ok) throw badRequest(toError(result.errors));
    return result.value;
  };
}

/** Field errors as one German sentence, each message once. */
export const asSentence = (errors: FieldError[]): string =>
  [...new Set(errors.map((e) => e.message))].join(' ');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
