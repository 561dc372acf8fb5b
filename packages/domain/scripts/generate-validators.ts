/** Writes src/generated/form-validators.cjs (see src/form-validators-source.ts). */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formValidatorsSource } from '../src/form-validators-source';

const target = fileURLToPath(new URL('../src/generated/form-validators.cjs', import.meta.url));
writeFileSync(target, formValidatorsSource());
console.log(`wrote ${target}`);
