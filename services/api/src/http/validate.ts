import { passwordTooLong } from '@platzbuchung/domain/password-strength';
import * as texts from '@platzbuchung/domain/texts';
import type { FieldError } from '@platzbuchung/domain/types';
import { compileValidator, createAjv, type Validate } from '@platzbuchung/domain/validation';
import { badRequest } from './errors';

/** One ajv instance for the process: schemas compile once, at start. */
const ajv = createAjv();

/**
 * A body check that throws 400. Forms get the field errors; calls whose answer body is `{error: "text"}`
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

/**
 * For bodies that set a new password: the schema counts characters, bcrypt reads only 72 bytes, so
 * the bytes are counted here too (docs/security/accounts.md).
 */
export function newPasswordValidator<T extends { password: string }>(schema: object): (body: unknown) => T {
  const validate = validator<T>(schema);
  return (body) => {
    const value = validate(body);
    if (passwordTooLong(value.password)) {
      throw badRequest([{ instancePath: '/password', message: texts.passwordTooLong }]);
    }
    return value;
  };
}

/** Field errors as one German sentence, each message once. */
export const asSentence = (errors: FieldError[]): string =>
  [...new Set(errors.map((e) => e.message))].join(' ');

export { isUuid } from '@platzbuchung/domain/shapes';

/** The instants the API accepts anywhere: PostgreSQL and every client handle these years alike. */
const EARLIEST_INSTANT = Date.UTC(1970, 0, 1);
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An ISO 8601 instant between 1970 and 9999, or undefined for anything else. */
export function parseInstant(value: unknown): Date | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = new Date(value).getTime();
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT ? new Date(time) : undefined;
}
