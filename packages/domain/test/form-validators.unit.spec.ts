import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formValidator } from '../src/form-validators';
import { formValidatorsSource } from '../src/form-validators-source';
import { formSchemas, type FormSchemaName } from '../src/schemas';
import { compileValidator, createAjv } from '../src/validation';

const generatedFile = new URL('../src/generated/form-validators.cjs', import.meta.url);

describe('the validators compiled ahead of time', () => {
  it('are what the schemas give today (run `npm run generate -w packages/domain` after a change)', () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(formValidatorsSource());
  });

  it('contain no run-time code generation, so the page needs no unsafe-eval', () => {
    expect(readFileSync(generatedFile, 'utf8')).not.toMatch(/new Function|\beval\(/);
  });

  it('exist for every form schema and for nothing else', () => {
    for (const name of Object.keys(formSchemas)) expect(formValidator(name), name).toBeDefined();
    expect(formValidator('toString')).toBeUndefined();
    expect(formValidator('admin')).toBeUndefined();
  });

  it.each(Object.keys(formSchemas) as FormSchemaName[])(
    '%s: judge like the run-time compiled validator',
    (name) => {
      const precompiled = formValidator(name)!;
      const compiled = compileValidator(createAjv(), formSchemas[name]);
      const fields = Object.keys(formSchemas[name].properties);
      const value = fc.oneof(
        fc.string({ maxLength: 90 }),
        fc.integer(),
        fc.constant('agree'),
        fc.constant(null),
      );
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...fields, 'extra'), value), (body) => {
          expect(precompiled(body)).toEqual(compiled(body));
        }),
        { numRuns: 200 },
      );
    },
  );
});
