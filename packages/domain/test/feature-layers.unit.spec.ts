/**
 * The domain's features build on each other in one direction (docs/architecture.md, "The domain's
 * shape"): reservations on players, blocks on reservations, the event catalogue on all of them.
 * When two features reach each other, even through a third, neither can be read, moved or tested
 * without the other, and a file cycle is one edit away. This reads every relative import of the
 * sources and fails on any circle of features, naming the imports that close it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCES = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Files in folders that are kernel all the same: every feature may import them. */
const KERNEL_FILES = new Set(['booking-rules/rule.ts', 'events/streams.ts']);

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SOURCES, path)] : [];
  });
}

/** A file's feature: its first folder; none for the kernel. */
function featureOf(file: string): string | null {
  if (KERNEL_FILES.has(file) || !file.includes('/')) return null;
  return file.split('/')[0]!;
}

interface FeatureImport {
  from: string;
  to: string;
  line: string;
}

function featureImports(): FeatureImport[] {
  return sourceFiles(SOURCES).flatMap((file) => {
    const text = readFileSync(join(SOURCES, file), 'utf8');
    return [...text.matchAll(IMPORT)].flatMap((match) => {
      const target = normalize(join(dirname(file), match[1]!));
      const from = featureOf(file);
      const to = featureOf(target.endsWith('.ts') || target.endsWith('.tsx') ? target : `${target}.ts`);
      return from && to && from !== to ? [{ from, to, line: `${file} → ${match[1]}` }] : [];
    });
  });
}

/** A circle of features as the imports that make it, or null when they form layers. */
function firstCircle(imports: readonly FeatureImport[]): string[] | null {
  const next = new Map<string, FeatureImport[]>();
  for (const edge of imports) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  const done = new Set<string>();
  const path: FeatureImport[] = [];
  const onPath = new Set<string>();
  const visit = (feature: string): string[] | null => {
    if (onPath.has(feature)) {
      const start = path.findIndex((edge) => edge.from === feature);
      return path.slice(start).map((edge) => edge.line);
    }
    if (done.has(feature)) return null;
    onPath.add(feature);
    for (const edge of next.get(feature) ?? []) {
      path.push(edge);
      const circle = visit(edge.to);
      if (circle) return circle;
      path.pop();
    }
    onPath.delete(feature);
    done.add(feature);
    return null;
  };
  for (const feature of next.keys()) {
    const circle = visit(feature);
    if (circle) return circle;
  }
  return null;
}

describe("the domain's features", () => {
  it('import each other in one direction only: no circle of features', () => {
    const imports = featureImports();
    expect(imports.length).toBeGreaterThan(0);
    expect(firstCircle(imports)).toBeNull();
  });

  it('would be caught reaching back', () => {
    const reachingBack = [
      { from: 'reservations', to: 'players', line: 'reservations/a.ts → ../players/b' },
      { from: 'players', to: 'clubs', line: 'players/b.ts → ../clubs/c' },
      { from: 'clubs', to: 'reservations', line: 'clubs/c.ts → ../reservations/a' },
    ];
    expect(firstCircle(reachingBack)).toEqual(reachingBack.map((edge) => edge.line));
  });
});
