/**
 * One way to validate against the shared schemas, for the API and the forms alike: types coerced,
 * all errors reported, and errors turned into `{instancePath, message}` placed at the field.
 */
import { Ajv } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { fromAjvFunction, type Validate } from './validation-core';

export * from './validation-core';

// NodeNext/Bundler interop: these CommonJS plugins export their function as `default`.
const addFormats = (ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats;
const addErrors = (ajvErrors as unknown as { default?: typeof ajvErrors }).default ?? ajvErrors;

/** Teaches an ajv instance the string formats our schemas use. */
export function withFormats(ajv: Ajv, formats: string[] = ['email', 'uuid', 'date', 'date-time']): Ajv {
  addFormats(ajv, formats as Parameters<typeof addFormats>[1]);
  return ajv;
}

export function createAjv(): Ajv {
  const ajv = withFormats(new Ajv({ allErrors: true, coerceTypes: true, $data: true, strict: true }));
  addErrors(ajv);
  return ajv;
}

/**
 * Compiles a schema into a function that coerces a copy of the input and answers either the coerced
 * value or field errors. The input itself is never changed.
 */
export function compileValidator<T>(ajv: Ajv, schema: object): Validate<T> {
  return fromAjvFunction<T>(ajv.compile(schema));
}
