/**
 * The form schemas' validators, compiled ahead of time (generated/form-validators.cjs): what the
 * browser uses instead of compiling the fetched schema at run time.
 */
import validators from './generated/form-validators.cjs';
import { fromAjvFunction, type Validate } from './validation-core';

/** The validator of the form schema with this `$id`, or undefined for a schema we do not know. */
export function formValidator<T>(schemaId: string): Validate<T> | undefined {
  const validate = Object.hasOwn(validators, schemaId) ? validators[schemaId] : undefined;
  return validate && fromAjvFunction<T>(validate);
}
