import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One figure next to its baseline from the same run; the ratio is figure / baseline. */
export interface Figure {
  section: string;
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  baselineName?: string;
  target?: string;
  /** Printed instead of value / baseline where that is not the ratio meant (see national). */
  ratio?: number;
}

const RESULTS = fileURLToPath(new URL('../../results/', import.meta.url));

function ratio(figure: Figure): string {
  if (figure.ratio !== undefined) return `${figure.ratio}`;
  return figure.baseline ? `${Math.round((figure.value / figure.baseline) * 100) / 100}` : '';
}

export function markdown(figures: readonly Figure[]): string {
  const lines = [
    '| section | figure | value | baseline | ratio | target |',
    '| --- | --- | ---: | ---: | ---: | --- |',
  ];
  for (const f of figures) {
    const baseline =
      f.baseline === undefined
        ? ''
        : `${f.baseline} ${f.unit}${f.baselineName ? ` (${f.baselineName})` : ''}`;
    lines.push(
      `| ${f.section} | ${f.name} | ${f.value} ${f.unit} | ${baseline} | ${ratio(f)} | ${f.target ?? ''} |`,
    );
  }
  return lines.join('\n');
}

export function writeResults(
  name: string,
  figures: readonly Figure[],
  context: Record<string, unknown>,
): string {
  mkdirSync(RESULTS, { recursive: true });
  const file = `${RESULTS}${name}.json`;
  writeFileSync(file, JSON.stringify({ measured_at: new Date().toISOString(), context, figures }, null, 2));
  return file;
}
