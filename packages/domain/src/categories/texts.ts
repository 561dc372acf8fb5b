/**
 * German words about member categories (docs/who-plays.md, "Member categories"): every refusal
 * names the person, their category and the rule. One export each, imported as a namespace.
 */
/** "Lena Graf (Passiv) darf keine Plätze buchen." */
export const cannotBook = (who: string, category: string): string =>
  `${who} (${category}) darf keine Plätze buchen.`;
/** A member of a category that may not book is not named either. */
export const cannotPlay = (who: string, category: string): string =>
  `${who} (${category}) darf nicht als Mitspieler eingetragen werden.`;
/** "Lena Graf (Jugend) darf Mo–Fr nur bis 18 Uhr spielen." */
export const outsideWindows = (who: string, category: string, windows: string): string =>
  `${who} (${category}) darf ${windows} spielen.`;
export const duplicateId = (id: string): string => `Die Kennung „${id}“ hat mehr als eine Kategorie.`;
export const duplicateName = (name: string): string => `Der Name „${name}“ hat mehr als eine Kategorie.`;
export const juniorWithout =
  'Für Jugendliche nach Alter braucht der Verein eine Kategorie mit der Kennung „jugend“.';
export const unknownCategory = 'Diese Kategorie gibt es in Ihrem Verein nicht.';
export const categoryIdRequired = 'Bitte wählen Sie eine Kategorie.';
export const birthYearInvalid = (thisYear: number): string =>
  `Das Geburtsjahr muss zwischen 1900 und ${thisYear} liegen.`;
