/** German answers of the admin area that the original client has no text for. */
import { formatDateDe, formatTimeRange } from '../dates';
import * as texts from '../texts';
import type { StrandedReservation } from './club-settings';

export const adminTexts = {
  settingsSaved: 'Die Vereinseinstellungen wurden gespeichert.',
  settingsStrand: (count: number): string =>
    count === 1
      ? 'Die Änderung ist nicht möglich: 1 künftige Reservierung läge außerhalb der neuen Plätze oder Zeiten.'
      : `Die Änderung ist nicht möglich: ${count} künftige Reservierungen lägen außerhalb der neuen Plätze oder Zeiten.`,
  strandedLine: ({ reservation, next_date, reason }: StrandedReservation): string =>
    `Platz ${reservation.court_num}, ${formatDateDe(next_date)}${reservation.recurring ? ' (wiederkehrend)' : ''}, ${formatTimeRange(reservation.start_time, reservation.end_time)}: ${reason === 'court' ? 'Platz entfällt' : 'außerhalb der Öffnungszeiten'}`,
  roleChanged: 'Die Rolle wurde geändert.',
  lastAdmin: 'Der Verein braucht mindestens einen aktiven Administrator.',
  clubNotFound: texts.clubNotFound,
  notAdmin: texts.forbidden,
  memberNotFound: 'Dieses Mitglied gibt es in Ihrem Verein nicht.',
  invalidRole: 'Die Rolle muss „admin“ oder „player“ sein.',
  invalidMoment: 'Bitte geben Sie einen gültigen Zeitpunkt an.',
  futureMoment: 'Der Zeitpunkt darf nicht in der Zukunft liegen.',
  asOfLimit: (max: number): string => `„limit“ muss eine Zahl zwischen 1 und ${max} sein.`,
  asOfCursor: '„after“ ist keine gültige Stelle im Raster; bitte nehmen Sie den Wert aus „next“.',
  noticesTitle: 'Benachrichtigungen',
  noticesEmpty: 'Ihr Verein hat noch keine Benachrichtigungen verschickt.',
  noticeRetry: 'Erneut senden',
  noticeRetried: 'Die Benachrichtigung wird erneut gesendet.',
  noticeNotFound: 'Diese fehlgeschlagene Benachrichtigung gibt es in Ihrem Verein nicht.',
  invalidNoticeStatus: 'Der Status muss „waiting“, „sent“ oder „failed“ sein.',
} as const;

/**
 * Verein: each section is a card that saves on its own, with the same button and the same status
 * line after saving, so no card's save is mistaken for the whole page's.
 */
export const clubSettingsTexts = {
  save: 'Speichern',
  saved: 'Gespeichert.',
  intro:
    'Jeder Abschnitt wird für sich gespeichert; Änderungen in einem anderen Abschnitt bleiben dabei stehen, bis Sie dort speichern.',
  coreTitle: 'Verein und Plätze',
  coreIntro:
    'Plätze und Spielzeiten gelten sofort für den Platzplan. Künftige Reservierungen müssen danach noch Platz haben.',
  courtNamesTitle: 'Platznamen',
  courtNamesIntro:
    'Ein eigener Name erscheint im Platzplan, im Aushang, in E-Mails und im Protokoll. Leer lassen: „Platz 1“, „Platz 2“ …',
  courtNameLabel: (court: number): string => `Name für Platz ${court}`,
  localRulesTitle: 'Zeitzone, Buchungszeitraum und Platzordnung',
  playRulesTitle: 'Mitspieler, Gäste und Kontingente',
  changesTitle: 'Änderungen',
} as const;
