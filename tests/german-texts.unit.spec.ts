/**
 * Every text of ours in the UIs is German (docs/words.md): what a screen shows (JSX text, the words
 * in its expressions, the labels screen readers hear), what the browser's console says, the errors
 * the code throws, and the domain's texts. Only the specification's own English texts may stay
 * ('This is a required field', 'Not found', 'Strength: low' …); they are taken from the domain's
 * `texts.ts`, where they live. The check reads the sources with the TypeScript parser and looks
 * for words German never uses.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as texts from '@platzbuchung/domain/texts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const UI_SOURCES = ['shell/src', 'mfe-auth/src', 'mfe-reservations/src', 'mfe-admin/src', 'packages/ui/src'];
const DOMAIN_SOURCES = ['packages/domain/src'];

/** Words that are English and never German (no "was", "an", "so", "die", which are both). */
const ENGLISH_WORD =
  /\b(?:the|is|are|be|been|has|have|could|cannot|can't|please|must|should|failed|loading|error|not|found|required|with|and|of|to|for|this|that|did|does|provided|refused|missing|invalid|unknown)\b/i;

/** The specification's own English texts: they stay exactly as it gives them. */
const SPECIFICATION_ENGLISH = new Set<string>([
  texts.loading,
  texts.loadingUsers,
  texts.notFound,
  texts.requiredField,
  texts.missingResetToken,
  ...(['low', 'medium', 'high'] as const).map(texts.passwordStrength),
]);

/** The attributes whose words a person reads or hears. */
const SPOKEN_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);

interface FoundText {
  file: string;
  line: number;
  text: string;
}

function trackedFiles(roots: string[]): string[] {
  return execFileSync('git', ['ls-files', ...roots], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && !/\.(?:unit|int|e2e)\.spec\.tsx?$/.test(file));
}

const literalText = (node: ts.Node): string | null =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)
    ? node.text
    : null;

/** A message's words: a literal's, or a template's with "…" for what it puts in. */
const messageText = (node: ts.Node): string | null =>
  ts.isTemplateExpression(node)
    ? node.head.text + node.templateSpans.map((span) => `…${span.literal.text}`).join('')
    : literalText(node);

/**
 * A literal that names code, not words: a key or an address ("co_players", "/api/clubs"), a class
 * list ("notice notice--error"). Words start with a capital or hold a space between plain words.
 */
const isCodeName = (text: string) =>
  /^[a-z0-9_.:/#?=&@-]*$/.test(text) || (/^[a-z0-9_-]+(?: [a-z0-9_-]+)+$/.test(text) && /[_-]/.test(text));

/** The texts a file shows, says or throws; in a texts module, every sentence it holds. */
function textsOf(file: string, everySentence: boolean): FoundText[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(`${ROOT}${file}`, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: FoundText[] = [];
  const add = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (trimmed)
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: trimmed,
      });
  };
  const visit = (node: ts.Node, inJsxExpression: boolean): void => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText();
      const value = node.initializer && literalText(node.initializer);
      if (SPOKEN_ATTRIBUTES.has(name) && value) add(node, value);
      // A class list or an id is code, whatever its expression holds.
      if (name === 'className' || name === 'id' || name.startsWith('data-')) return;
    } else if (ts.isCallExpression(node) && /^console\.\w+$/.test(node.expression.getText())) {
      const first = node.arguments[0];
      const text = first && messageText(first);
      if (text) add(node, text);
    } else if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText())) {
      const first = node.arguments?.[0];
      const text = first && messageText(first);
      if (text) add(node, text);
    } else if (inJsxExpression || everySentence) {
      const text = literalText(node);
      if (text !== null && !isCodeName(text)) add(node, text);
    }
    const inside = inJsxExpression || ts.isJsxExpression(node);
    ts.forEachChild(node, (child) => visit(child, inside));
  };
  visit(source, false);
  return found;
}

/** Quoted values ('„waiting“', "'all'") are the API's words, not ours to translate. */
const withoutQuoted = (text: string) => text.replace(/„[^“]*“|'[^']*'|"[^"]*"|`[^`]*`/g, '');

const isEnglish = ({ text }: FoundText) =>
  ENGLISH_WORD.test(withoutQuoted(text)) && !SPECIFICATION_ENGLISH.has(text);
const where = ({ file, line, text }: FoundText) => `${file}:${line} ${JSON.stringify(text)}`;

describe('the texts of ours are German', () => {
  it('in what the screens show and say, the console and the errors thrown', () => {
    const found = trackedFiles(UI_SOURCES).flatMap((file) => textsOf(file, /texts?\.tsx?$/.test(file)));
    expect(found.length).toBeGreaterThan(300);
    expect(found.filter(isEnglish).map(where)).toEqual([]);
  });

  it('in the domain’s texts, refusals and errors', () => {
    const found = trackedFiles(DOMAIN_SOURCES).flatMap((file) => textsOf(file, /texts?\.ts$/.test(file)));
    expect(found.length).toBeGreaterThan(200);
    expect(found.filter(isEnglish).map(where)).toEqual([]);
  });

  it('finds English where it is, and lets the specification’s own texts pass', () => {
    expect(isEnglish({ file: '', line: 0, text: 'Reservation refused' })).toBe(true);
    expect(isEnglish({ file: '', line: 0, text: 'Loading reservations failed' })).toBe(true);
    expect(isEnglish({ file: '', line: 0, text: 'Sie stehen auf der Warteliste.' })).toBe(false);
    expect(isEnglish({ file: '', line: 0, text: 'Alles, was wir über Sie gespeichert haben' })).toBe(false);
    expect(isEnglish({ file: '', line: 0, text: 'Der Status muss „waiting“ oder „failed“ sein.' })).toBe(
      false,
    );
    expect(isEnglish({ file: '', line: 0, text: texts.requiredField })).toBe(false);
    expect(isEnglish({ file: '', line: 0, text: texts.passwordStrength('low') })).toBe(false);
  });
});
