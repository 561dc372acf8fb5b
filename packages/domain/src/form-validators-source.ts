/**
 * The source of src/generated/form-validators.cjs: every form schema compiled by ajv into plain
 * JavaScript, so the browser validates without compiling (and the Content-Security-Policy needs no
 * 'unsafe-eval'). `npm run generate -w packages/domain` rewrites the file; a unit test fails while
 * it differs from what the schemas give.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formSchemas } from './schemas';
import { createAjv } from './validation';

const HEADER =
  '// Generated from packages/domain/src/schemas.ts by `npm run generate -w packages/domain`. Do not edit.\n';

export function formValidatorsSource(): string {
  const ajv = createAjv();
  ajv.opts.code.source = true;
  for (const schema of Object.values(formSchemas)) ajv.addSchema(schema);
  const exportsByName = Object.fromEntries(Object.keys(formSchemas).map((name) => [name, name]));
  // ajv/dist/standalone is CommonJS: its function is the module itself or its `default`.
  const generate =
    (standaloneCode as unknown as { default?: typeof standaloneCode }).default ?? standaloneCode;
  return HEADER + generate(ajv, exportsByName) + '\n';
}
