/**
 * SEPA files carry names and texts in the Latin character set the EPC allows every bank to take:
 * a-z, A-Z, 0-9 and / - ? : ( ) . , ' + and the space (docs/architecture/money.md, "SEPA direct
 * debit"). German banks read umlauts as they are written without them (ä → ae, ß → ss), so that is
 * what a file says: "Jürgen Müller-Lüdenscheidt" becomes "Juergen Mueller-Luedenscheidt".
 */

/** Letters that lose more than an accent when written in the SEPA set. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'oe',
  Ø: 'Oe',
  œ: 'oe',
  Œ: 'Oe',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  '&': '+',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '„': "'",
  '“': "'",
  '"': "'",
};

/** Anything else the set lacks becomes a space, never a dropped letter that joins two words. */
const OUTSIDE_THE_SET = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/** A text in the SEPA character set, at most `maxLength` characters, without blanks at its ends. */
export function sepaText(text: string, maxLength: number): string {
  const spelled = [...text].map((character) => SPELLED_OUT[character] ?? character).join('');
  // "é" is "e" and a combining accent: the accent goes, the letter stays.
  const unaccented = spelled.normalize('NFD').replace(/\p{M}/gu, '');
  const inTheSet = unaccented.replace(OUTSIDE_THE_SET, ' ').replace(/ {2,}/g, ' ').trim();
  return inTheSet.slice(0, maxLength).trim();
}
