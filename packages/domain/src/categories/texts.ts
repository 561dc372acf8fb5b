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
export const birthYearShape = 'Das Geburtsjahr ist eine vierstellige Jahreszahl ab 1900, oder leer.';
export const selectionInvalid = (max: number): string =>
  `Bitte wählen Sie 1 bis ${max} Mitglieder, jedes nur einmal.`;
export const categoryChanged = (category: string): string => `Die Kategorie ist jetzt „${category}“.`;
export const categoriesChanged = (count: number, category: string): string =>
  `${count === 1 ? '1 Mitglied ist' : `${count} Mitglieder sind`} jetzt in der Kategorie „${category}“.`;
/** The Verein tab's card and the Mitglieder tab's words. */
export const screen = {
  title: 'Kategorien',
  loading: 'Kategorien werden geladen …',
  category: (index: number): string => `Kategorie ${index + 1}`,
  windowDays: (index: number): string => `Wochentage der Spielzeit ${index + 1}`,
  windowsHint:
    'Ohne Spielzeit spielt die Kategorie, wann der Verein geöffnet ist; an Tagen ohne Spielzeit ebenso.',
  limitOwn: 'eigenes Limit',
  limitValue: 'Anstehende Reservierungen höchstens',
  from: 'Von',
  to: 'Bis',
  intro: 'Jede Kategorie hat ihre eigenen Regeln. Die erste gilt für alle, die Sie keiner anderen zuordnen.',
  name: 'Name',
  canBook: 'darf buchen',
  limit: 'Limit',
  limitClub: 'wie Verein',
  limitNone: 'ohne Limit',
  quotaExempt: 'ohne Kontingent',
  windows: 'Spielzeiten',
  addWindow: 'Spielzeit hinzufügen',
  removeWindow: 'Spielzeit entfernen',
  add: 'Kategorie hinzufügen',
  remove: (name: string): string => `${name} entfernen`,
  juniorAge: 'Jugend bis zum Alter',
  juniorAgeHint: 'Leer: keine Jugend nach Geburtsjahr. Braucht eine Kategorie mit der Kennung „jugend“.',
  save: 'Kategorien speichern',
  column: 'Kategorie',
  birthYear: 'Geburtsjahr',
  change: 'Kategorie ändern',
  bulk: (count: number): string =>
    `Kategorie für ${count === 1 ? '1 ausgewähltes Mitglied' : `${count} ausgewählte Mitglieder`}`,
  saveMember: 'Kategorie speichern',
  changeFor: (name: string): string => `Kategorie von ${name}`,
  birthYearHint: 'Leer: unbekannt. Mit dem Geburtsjahr folgt die Jugend dem Alter.',
  cancel: 'Abbrechen',
  select: (name: string): string => `${name} auswählen`,
  apply: 'Zuordnen',
} as const;
