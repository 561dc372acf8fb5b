/**
 * Money is whole cents, never a float (docs/architecture/money.md, "Decisions"): no source line that
 * speaks of cents or euros divides by 100, multiplies by a fraction, rounds, or parses or prints a
 * float. Amounts are formatted and read by `packages/domain/src/cents.ts` alone, digit by digit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A line about money: it names cents, euros, a price, a fee, a balance or an amount. */
const ABOUT_MONEY = /(?<!per)cent|euro|€|price|fee\b|balance|amount|betrag/i;

/** What turns an exact amount into a float, or a float into an amount. */
const FLOAT_MONEY = [
  /\/\s*100\b/,
  /\*\s*0?\.\d/,
  /\btoFixed\(/,
  /\bparseFloat\(/,
  /\bMath\.round\(/,
  /\btoLocaleString\(/,
  /\bIntl\.NumberFormat\b/,
];

function sources(): string[] {
  const listed = execFileSync('git', ['ls-files', '*.ts', '*.tsx'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => file && !/(^|\/)(test|tests|bench)\//.test(file) && !file.includes('/generated/'));
}

describe('money', () => {
  it('is never a float in the sources: every amount stays whole cents', () => {
    const found = sources().flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          ABOUT_MONEY.test(line) && FLOAT_MONEY.some((pattern) => pattern.test(line))
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const caught = (line: string) => ABOUT_MONEY.test(line) && FLOAT_MONEY.some((p) => p.test(line));
    expect(caught('const euros = cents / 100;')).toBe(true);
    expect(caught('return (price * 1.19).toFixed(2);')).toBe(true);
    expect(caught('const cents = Math.round(parseFloat(text) * 100);')).toBe(true);
    expect(caught('const shares = splitCents(total, 3);')).toBe(false);
  });
});
