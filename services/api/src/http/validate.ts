import { compileValidator, createAjv, type Validate } from '@platzbuchung/domain/validation';
import { badRequest } from './errors';

/** One ajv instance for the process: schemas compile once, at start. */
const ajv = createAjv();

export function validator<T>(schema: object): (body: unknown) => T {
  const validate: Validate<T> = compileValidator<T>(ajv, schema);
  return (body) => {
    const result = validate(body);
    if (!result.ok) throw badRequest(result.errors);
    return result.value;
  };
}
