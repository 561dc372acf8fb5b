/**
 * Validation without the ajv compiler: turning ajv's errors into `{instancePath, message}` at the
 * field, and wrapping a validate function so that it coerces a copy and never throws. The browser
 * uses this with the validators generated ahead of time (form-validators.ts); the API with
 * validators compiled at start (validation.ts).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import * as texts from './texts';
import type { FieldError } from './types';

/** The raw ajv error that ajv-errors wrapped, if any; its keyword tells what really failed. */
function originalErrors(error: ErrorObject): ErrorObject[] {
  const wrapped = (error.params as { errors?: ErrorObject[] }).errors;
  return error.keyword === 'errorMessage' && wrapped ? wrapped : [error];
}

function toFieldError(error: ErrorObject): FieldError {
  const [first] = originalErrors(error);
  if (first?.keyword === 'required') {
    const missing = (first.params as { missingProperty: string }).missingProperty;
    return { instancePath: `${first.instancePath}/${missing}`, message: texts.requiredField };
  }
  if (first?.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty: string }).additionalProperty;
    return { instancePath: `${first.instancePath}/${extra}`, message: texts.unknownField(extra) };
  }
  // ajv's own words are English; a field its schema gives no German message for still gets one.
  const message = error.keyword === 'errorMessage' ? error.message : undefined;
  return { instancePath: error.instancePath, message: message ?? texts.invalidValue };
}

/** ajv errors → one error per field (the first), in the order ajv reported them. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors ?? []) {
    const fieldError = toFieldError(error);
    if (!byField.has(fieldError.instancePath)) byField.set(fieldError.instancePath, fieldError);
  }
  return [...byField.values()];
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

export type Validate<T> = (data: unknown) => ValidationResult<T>;

const TOO_DEEP = Symbol('too deep');

/** A copy for coercion to change; a structure too deep to copy is refused, not a crash. */
function copyOf(data: unknown): unknown {
  if (data === null || typeof data !== 'object') return data;
  try {
    return structuredClone(data);
  } catch (error) {
    if (error instanceof RangeError) return TOO_DEEP;
    throw error;
  }
}

/** The path of the first number that is not finite in a (shallow form) body, if any. */
function nonFinitePath(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : '';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child === 'number' && !Number.isFinite(child)) return `/${key}`;
  }
  return undefined;
}

/**
 * ajv's `$data` comparisons turn the referenced value into a primitive, which throws for an object
 * such as `{"toString": "x"}`; such input is simply invalid.
 */
function passes(validate: ValidateFunction, data: unknown): boolean {
  try {
    return validate(data);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    validate.errors = [];
    return false;
  }
}

/**
 * The same for a function ajv generated ahead of time (see form-validators.ts): the browser then
 * needs no compiler and no `new Function`.
 */
export function fromAjvFunction<T>(validate: ValidateFunction): Validate<T> {
  return (data) => {
    const copy = copyOf(data);
    if (copy === TOO_DEEP)
      return { ok: false, errors: [{ instancePath: '', message: texts.tooDeeplyNested }] };
    if (passes(validate, copy)) {
      // Coercion turns the string "Infinity" into a number no column can hold.
      const infinite = nonFinitePath(copy);
      if (infinite === undefined) return { ok: true, value: copy as T };
      return { ok: false, errors: [{ instancePath: infinite, message: texts.invalidValue }] };
    }
    const errors = toFieldErrors(validate.errors);
    return {
      ok: false,
      errors: errors.length ? errors : [{ instancePath: '', message: texts.invalidValue }],
    };
  };
}

/** The field name an error belongs to: "/email" → "email"; a top-level error → "". */
export function fieldOf(error: FieldError): string {
  return error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
}
