/**
 * One way to validate against the shared schemas, for the API and the forms alike: types coerced,
 * all errors reported, and errors turned into `{instancePath, message}` placed at the field.
 */
import { Ajv, type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { texts } from './texts';
import type { FieldError } from './types';

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, coerceTypes: true, $data: true, strict: true });
  // NodeNext/Bundler interop: these CommonJS plugins export their function as `default`.
  const addFormats = (ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats;
  const addErrors = (ajvErrors as unknown as { default?: typeof ajvErrors }).default ?? ajvErrors;
  addFormats(ajv, ['email', 'uuid', 'date', 'date-time']);
  addErrors(ajv);
  return ajv;
}

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
  return { instancePath: error.instancePath, message: error.message ?? texts.invalidValue };
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

/**
 * Compiles a schema into a function that coerces a copy of the input and answers either the coerced
 * value or field errors. The input itself is never changed.
 */
export function compileValidator<T>(ajv: Ajv, schema: object): Validate<T> {
  const validate = ajv.compile(schema);
  return (data) => {
    const copy: unknown = data !== null && typeof data === 'object' ? structuredClone(data) : data;
    if (validate(copy)) return { ok: true, value: copy as T };
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
