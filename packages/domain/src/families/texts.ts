/**
 * German words about a member's children (docs/who-plays.md, "Families"). One export each,
 * imported as a namespace.
 */
/** How many years back a child's birth year may lie: older ones get their own login. */
export const CHILD_MAX_AGE = 25;
export const firstNameInvalid = 'Bitte geben Sie den Vornamen des Kindes an (2 bis 60 Buchstaben).';
export const lastNameInvalid = 'Bitte geben Sie den Nachnamen des Kindes an (2 bis 60 Buchstaben).';
export const birthYearShape = 'Das Geburtsjahr ist eine vierstellige Jahreszahl.';
export const birthYearInvalid = (thisYear: number): string =>
  `Das Geburtsjahr muss zwischen ${thisYear - CHILD_MAX_AGE} und ${thisYear} liegen.`;
export const childAdded = (name: string): string => `${name} ist jetzt in Ihrem Konto.`;
export const childSaved = (name: string): string => `Die Angaben zu ${name} sind gespeichert.`;
export const childRemoved = (name: string): string => `${name} ist nicht mehr in Ihrem Konto.`;
export const childNotFound = 'Dieses Kind gibt es in Ihrem Konto nicht.';
export const tooManyChildren = (max: number): string => `Ein Konto hat höchstens ${max} Kinder.`;
/** The Konto card "Kinder". */
export const screen = {
  title: 'Kinder',
  intro:
    'Kinder ohne eigene E-Mail-Adresse tragen Sie hier ein. Von ihnen speichern wir nur Namen und Geburtsjahr.',
  loading: 'Kinder werden geladen …',
  none: 'Sie haben noch keine Kinder eingetragen.',
  add: 'Kind hinzufügen',
  firstName: 'Vorname',
  lastName: 'Nachname',
  birthYear: 'Geburtsjahr',
  save: 'Speichern',
  cancel: 'Abbrechen',
  edit: (name: string): string => `${name} bearbeiten`,
  remove: (name: string): string => `${name} entfernen`,
  editShort: 'Bearbeiten',
  removeShort: 'Entfernen',
  born: (year: number, category: string): string => `Jahrgang ${year} · ${category}`,
};
