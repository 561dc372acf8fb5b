/**
 * Code comments cite the repository's own docs/ or nothing: a reader of the code cannot open a
 * document that lies outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/**
 * A citation of the specification or design documents by file, section or name: a reader of the code
 * cannot open them, so a comment says what the code does or cites docs/ instead.
 */
const OUTSIDE_DOCUMENT = /\b(?:SPEC|DESIGN)(?:\.md)?,? (?:sections?|§ ?)?\d|\b(?:SPEC|DESIGN)\.md\b|\bSPEC\b/;

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.css', '*.html'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  // This file names the patterns it looks for.
  return listed.split('\n').filter((file) => file && file !== 'tests/code-cites-docs.unit.spec.ts');
}

describe('code comments', () => {
  it('cite docs/ and never the specification or design documents outside the repository, not even by name', () => {
    const offenders = sourceFiles().flatMap((file) =>
      readFileSync(`${ROOT}${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE_DOCUMENT.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
