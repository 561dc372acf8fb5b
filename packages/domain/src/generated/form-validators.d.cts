import type { ValidateFunction } from 'ajv';

/** One validate function per form schema, by the schema's name (see form-validators-source.ts). */
declare const validators: Record<string, ValidateFunction | undefined>;
export = validators;
