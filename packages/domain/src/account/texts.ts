/** The German texts of the member's own account: changing name and password, the data export. */
export const accountTexts = {
  nameChanged: 'Ihr Name wurde geändert.',
  passwordChanged: 'Ihr Passwort wurde geändert. Auf allen anderen Geräten wurden Sie abgemeldet.',
  wrongCurrentPassword: 'Das bisherige Passwort ist falsch.',
  samePassword: 'Das neue Passwort muss sich vom bisherigen unterscheiden.',
  /** The account panel's section for a new address; the privacy notice names it too. */
  emailChangeTitle: 'E-Mail-Adresse ändern',
  exportButton: 'Meine Daten herunterladen',
  exportPreparing: 'Ihre Daten werden zusammengestellt …',
  exportDone: 'Ihre Daten wurden heruntergeladen.',
  exportHint:
    'Alles, was wir über Sie gespeichert haben, als eine JSON-Datei: Profil, Mitgliedschaft, Buchungen mit ihrem Verlauf, Kalenderlink, E-Mails an Sie und Anmeldungen.',
  /** The name under which the file is saved, from the day it was made. */
  exportFileName: (isoDate: string): string => `platzbuchung-meine-daten-${isoDate}.json`,
  exportTooOften:
    'Sie haben Ihre Daten in der letzten Viertelstunde schon mehrmals heruntergeladen. Bitte versuchen Sie es in einigen Minuten erneut.',
} as const;
