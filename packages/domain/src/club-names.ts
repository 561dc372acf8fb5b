/**
 * When two club names are "the same": members pick their club from a list, so a second club whose
 * name only differs in letter case, accents, punctuation or look-alike letters from other scripts
 * (a Cyrillic "а" for a Latin "a") could collect members' sign-ups under a false flag. The database
 * keeps a unique index over this fold (column `clubs.name_key`); docs/security/access.md explains the threat.
 */
import unhomoglyph from 'unhomoglyph';

const MARKS = /\p{M}/gu;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]/gu;

const withoutMarks = (text: string) => text.normalize('NFKD').replace(MARKS, '');

/**
 * The key under which a club name must be unique: compatibility-decomposed without accents, each
 * character replaced by its Unicode confusable prototype (Unicode TS #39; case-sensitive, hence
 * before lower-casing), lower case, "ß" as "ss", only letters and digits kept. The prototype of
 * capital "I" is "l", so after lower-casing "l" and "i" count as one letter.
 */
export function foldClubName(name: string): string {
  const prototypes = withoutMarks(unhomoglyph(withoutMarks(name)));
  const lower = unhomoglyph(prototypes.toLowerCase().replace(/ß/g, 'ss')).toLowerCase();
  return lower.replace(NOT_LETTER_OR_DIGIT, '').replace(/l/g, 'i');
}
