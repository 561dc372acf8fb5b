#!/usr/bin/env node
/**
 * `npm test`: the type check, lint, format check, unused-code and import-cycle checks, then every vitest project (unit, int, e2e).
 * Ends with the line `tests: N passed, N failed`; a failed static check counts as one failed test.
 * Arguments go to vitest: `npm test -- --project unit packages/domain`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const vitestArgs = process.argv.slice(2);
const results = join(root, 'var', 'test-results', 'vitest.json');

function step(label, command, args) {
  console.log(`\n== ${label}`);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return status === 0;
}

/** Every workspace's sources, whose imports the cycle check follows. */
const IMPORT_CYCLE_ROOTS = [
  'packages/*/src/**/*.{ts,tsx}',
  'services/*/src/**/*.ts',
  'shell/src/**/*.{ts,tsx}',
  'mfe-*/src/**/*.{ts,tsx}',
];

let passed = 0;
let failed = 0;
if (vitestArgs.length === 0) {
  for (const [label, command, args] of [
    ['type check (tsc -b)', bin('tsc'), ['-b']],
    ['lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']],
    ['format (prettier --check)', bin('prettier'), ['--check', '--log-level', 'warn', '.']],
    ['unused exports and files (knip)', bin('knip'), ['--include', 'exports,types,files', '--no-progress']],
    // Type imports count: a cycle of types is a knot all the same (docs/architecture.md).
    [
      'import cycles (dpdm)',
      bin('dpdm'),
      [
        '--no-tree',
        '--no-warning',
        '--exit-code',
        'circular:1',
        '--exclude',
        'node_modules|/dist/|/build/',
        ...IMPORT_CYCLE_ROOTS,
      ],
    ],
  ]) {
    if (step(label, command, args)) passed++;
    else failed++;
  }
}

mkdirSync(dirname(results), { recursive: true });
rmSync(results, { force: true });
const vitestOk = step('tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${results}`,
  ...vitestArgs,
]);
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test in it, but is a failure all the same.
  if (!vitestOk && report.numFailedTests === 0) failed++;
} else if (!vitestOk) {
  failed++;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
