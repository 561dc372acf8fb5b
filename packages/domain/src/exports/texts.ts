/**
 * The words of the club's exports and the treasurer's guest list (docs/architecture/exports.md):
 * the spreadsheets' column headings and file names, and the German refusals of their requests.
 */
export const exportTexts = {
  bookingColumns: [
    'Datum',
    'Wochentag',
    'Von',
    'Bis',
    'Stunden',
    'Platz',
    'Mitglied',
    'Bezeichnung',
    'Serie',
    'Mitspieler',
  ],
  memberColumns: [
    'Nachname',
    'Vorname',
    'E-Mail',
    'Rolle',
    'Status',
    'Mitglied seit',
    'Gebuchte Stunden im Zeitraum',
  ],
  guestColumns: ['Datum', 'Stunden', 'Platz', 'Mitglied', 'Gast', 'Gebühr (€)', 'Gespielt'],
  guestTotalsColumns: ['Mitglied', 'Gaststunden', 'Gebühren (€)', 'davon noch nicht gespielt (€)'],
  /** The label of the guest CSV's last line, the sums of all members. */
  guestTotalsSum: 'Summe',
  /** The guest CSV's line before the sums per member. */
  guestTotalsHeading: 'Summe je Mitglied',
  yes: 'ja',
  no: 'nein',
  roles: { admin: 'Administrator', player: 'Mitglied' },
  statuses: { active: 'aktiv', pending: 'wartet auf Freigabe', inactive: 'inaktiv' },
  fileName: (what: 'buchungen' | 'mitglieder' | 'gaeste', from: string, to: string) =>
    `${what}-${from}-bis-${to}.csv`,
  eventsFileName: (clubName: string) => `ereignisse-${clubName.replace(/[^A-Za-z0-9-]+/g, '-')}.jsonl`,
  formatInvalid: '„format“ muss „json“ oder „csv“ sein.',
  afterInvalid: '„after“ muss eine Position (ganze Zahl ab 0) sein.',
  /** The event log's export, refused while the club's own exports fill their share. */
  tooManyEventExports: (running: number) =>
    `Für Ihren Verein ${running === 1 ? 'läuft schon ein Export' : `laufen schon ${running} Exporte`} des Ereignisprotokolls. Bitte warten Sie, bis ${running === 1 ? 'er' : 'einer'} fertig ist, und versuchen Sie es dann erneut.`,
  /** The event log's export, refused while the server runs as many exports as it takes. */
  eventExportsBusy:
    'Der Server erstellt gerade zu viele Exporte des Ereignisprotokolls. Bitte versuchen Sie es in einer Minute erneut.',
} as const;

/** The admin area's "Gäste": the treasurer's list on screen. */
export const guestsTexts = {
  tab: 'Gäste',
  title: 'Gäste und Gastgebühren',
  intro:
    'Alle Gäste, die im Zeitraum eingetragen sind, mit der Gebühr für ihre Stunden, und die Summe je Mitglied, das sie eingetragen hat. Stunden, die noch nicht gespielt sind, zählen mit und sind markiert.',
  /** A row whose hour has not begun yet. */
  notYetPlayed: 'noch nicht gespielt',
  /** The sums' column and line of what is not yet played. */
  upcomingColumn: 'davon noch nicht gespielt',
  upcomingTotal: (euros: string) => `davon noch nicht gespielt: ${euros} €`,
  range: 'Zeitraum',
  from: 'Von',
  to: 'Bis',
  show: 'Anzeigen',
  loading: 'Gästeliste wird geladen …',
  empty: 'In diesem Zeitraum hat kein Gast gespielt.',
  download: 'Als Tabelle herunterladen (CSV)',
  listCaption: 'Gäste im Zeitraum',
  totalsTitle: 'Summe je Mitglied',
  totalsCaption: 'Gastgebühren je Mitglied',
  total: 'Summe',
  logDownload: 'Ereignisprotokoll herunterladen (JSON Lines)',
} as const;
