/** The German words of the club's numbers: the API's refusals and the "Auslastung" screen. */
import { formatEuros } from '../cents';
import { germanInteger } from '../german-numbers';
import type { LatenessBucket } from './figures';
import type { StatsKind } from './facts';

export const statsTexts = {
  badDate: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.',
  toBeforeFrom: 'Das Enddatum darf nicht vor dem Anfangsdatum liegen.',
  rangeTooLong: (days: number) => `Der Zeitraum darf höchstens ${days} Tage umfassen.`,
  onlyOnce: 'Bitte nur einmal angeben.',
  tab: 'Auslastung',
  from: 'Von',
  to: 'Bis',
  show: 'Anzeigen',
  loading: 'Zahlen werden geladen …',
  heatmapTitle: 'Belegung nach Wochentag und Uhrzeit',
  heatmapLegend: 'Anteil belegter Platzstunden',
  heatmapCell: (weekday: string, hour: string, percent: number, booked: number, capacity: number) =>
    `${weekday}, ${hour} Uhr: ${percent} % belegt (${booked} von ${capacity} Platzstunden)`,
  tableCaption: 'Belegung nach Wochentag und Uhrzeit als Tabelle (Prozent belegt)',
  hour: 'Uhrzeit',
  weekdays: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
  weekdayNames: ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'],
  showTable: 'Als Tabelle zeigen',
  hideTable: 'Tabelle ausblenden',
  legendStep: (percent: number) => `${percent} %`,
  /** A heatmap cell: the percentage with its sign, kept on one line in a narrow cell. */
  cellPercent: (percent: number) => `${percent}\u202f%`,
  courtsTitle: 'Stunden je Platz',
  booked: 'belegt',
  blocked: 'gesperrt',
  open: 'frei',
  hours: (n: number) => `${germanInteger(n)} Std.`,
  totals: (booked: number, capacity: number, percent: number) =>
    `${germanInteger(booked)} von ${germanInteger(capacity)} Platzstunden belegt (${percent} %)`,
  kindsTitle: 'Stunden nach Art',
  kinds: {
    member: 'Mitglieder',
    label: 'Admin-Buchungen',
    series: 'Serien',
    block: 'Sperrungen',
  } satisfies Record<StatsKind | 'block', string>,
  membersTitle: 'Wer am meisten spielt',
  member: 'Mitglied',
  ownHours: 'eigene Buchungen',
  coPlayerHours: 'als Mitspieler',
  noMembers: 'Im Zeitraum hat kein Mitglied gebucht.',
  guestsTitle: 'Gäste',
  guestHours: 'Gaststunden',
  guestFees: 'Gastgebühren',
  cancellationsTitle: 'Absagen',
  cancellationsSummary: (count: number, hours: number) =>
    `${count === 1 ? '1 Absage' : `${count} Absagen`}, ${germanInteger(hours)} Std. zurückgegeben`,
  byBlock: (count: number) => `${count} durch Sperrungen abgesagt`,
  released: (hours: number, noShows: number) =>
    `${hours === 1 ? '1 Stunde' : `${hours} Stunden`} freigegeben, weil niemand eingecheckt hat (${noShows === 1 ? '1 Versäumnis' : `${noShows} Versäumnisse`})`,
  buckets: {
    under_2h: 'weniger als 2 Std. vorher',
    under_24h: '2 bis 24 Std. vorher',
    under_7d: '1 bis 7 Tage vorher',
    later: 'mehr als 7 Tage vorher',
  } satisfies Record<LatenessBucket, string>,
  /** "1.234,50 €" */
  euros: formatEuros,
  loadFailed: 'Die Zahlen konnten nicht geladen werden.',
} as const;
