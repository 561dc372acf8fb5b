/**
 * Code comments cite the repository's own docs/ or nothing: a reader of the code cannot open a
 * document that lies outside the repository. What they cite must be there: the file, and the
 * section they name (`docs/architecture/mail.md, "Confirmed addresses"`) as one of its headings;
 * and every link between the docs pages leads somewhere.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
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

/** The repository's Markdown pages, new ones not yet committed included. */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n'))].filter((file) => file && existsSync(`${ROOT}${file}`));
}

/** A heading or a cited section name as compared: lower case, plain quotes, no markup. */
const normalised = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.:,\s]+$/, '')
    .trim();

/** GitHub's anchor of a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The headings of a Markdown file, outside code fences. */
function headingsOf(file: string): string[] {
  let fenced = false;
  return readFileSync(`${ROOT}${file}`, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (/^\s*```/.test(line)) fenced = !fenced;
      const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
      return heading ? [heading[1]!.trim()] : [];
    });
}

/** The anchors GitHub gives a file's headings (a repeated one gets -1, -2, …). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  return new Set(
    headingsOf(file).map((heading) => {
      const base = slug(heading.replace(/[`*]/g, ''));
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      return count ? `${base}-${count}` : base;
    }),
  );
}

/**
 * What is wrong with a citation of `target` (a path from the repository's root, maybe with
 * `#anchor`), naming `section`: nothing, or why a reader would not find it.
 */
function brokenCitation(target: string, section: string | undefined): string | null {
  const [path, anchor] = target.split('#') as [string, string | undefined];
  if (!existsSync(`${ROOT}${path}`)) return `${path} does not exist`;
  if (!path.endsWith('.md')) return null;
  if (anchor && !anchorsOf(path).has(anchor)) return `${path} has no heading #${anchor}`;
  if (section && !headingsOf(path).some((heading) => normalised(heading).startsWith(normalised(section)))) {
    return `${path} has no heading "${section}"`;
  }
  return null;
}

/** A comment or paragraph as one line: a citation may wrap (`"Exports that\n * wait for …"`). */
const oneLine = (text: string) => text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/|--|>)?[ \t]*/g, ' ');

/** `docs/x.md`, `docs/x.md#anchor`, `docs/x.md, "Section"`, `README, "Section"`, from the root. */
const ROOT_CITATION =
  /(?<![\w./-])((?:docs|bench)\/[\w./-]*?\.md|README\.md|README)(#[\w-]+)?(?:,\s*"([^"]+)")?/g;

/** A Markdown link, maybe followed by the section it means: `[mail.md](mail.md), "Notifications"`. */
const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)(?:,\s*"([^"]+)")?/g;

function rootCitations(file: string, text: string): string[] {
  return [...oneLine(text).matchAll(ROOT_CITATION)].flatMap(([cited, path, anchor, section]) => {
    const target = (path === 'README' ? 'README.md' : path!) + (anchor ?? '');
    const broken = brokenCitation(target, section);
    return broken ? [`${file}: ${cited}: ${broken}`] : [];
  });
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

describe('citations of docs', () => {
  it('in code name a file that exists and, where they name a section, one of its headings', () => {
    const offenders = sourceFiles().flatMap((file) =>
      rootCitations(file, readFileSync(`${ROOT}${file}`, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('in the docs: every link leads to a file and heading that exist, and every cited section is there', () => {
    const offenders = markdownFiles().flatMap((file) => {
      const text = readFileSync(`${ROOT}${file}`, 'utf8').replace(/```[\s\S]*?```/g, '');
      const links = [...oneLine(text).matchAll(MARKDOWN_LINK)].flatMap(([link, target, section]) => {
        if (/^[a-z]+:/.test(target!)) return [];
        const [path, anchor] = target!.split('#') as [string, string | undefined];
        const resolved = path ? relative(ROOT, join(ROOT, dirname(file), path)) : file;
        const broken = brokenCitation(resolved + (anchor ? `#${anchor}` : ''), section);
        return broken ? [`${file}: ${link}: ${broken}`] : [];
      });
      return [...links, ...rootCitations(file, text)];
    });
    expect(offenders).toEqual([]);
  });
});
