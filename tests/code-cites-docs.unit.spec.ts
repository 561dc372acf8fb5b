/**
 * Code comments cite the repository's own docs/ or nothing: a reader of the code cannot open a
 * document that lies outside the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUTSIDE_DOCUMENT = /\b(?:SPEC|DESIGN)(?:\.md)?,? (?:sections?|§ ?)?\d|\b(?:SPEC|DESIGN)\.md\b/;

function sourceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.css', '*.html'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter(Boolean);
}

describe('code comments', () => {
  it('cite docs/ and never the specification or design documents outside the repository', () => {
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
