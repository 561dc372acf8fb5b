/**
 * German answers of the reservation rules that the original client has no text for. Its own texts (limit,
 * past slot) stay in `../texts`; import both from there and here, never re-type them.
 */
import { formatDateDe, formatHour } from '../dates';

export const reservationTexts = {
  conflict: (court: string, date: string, hour: number): string =>
    `Platz ${court} ist am ${formatDateDe(date)} um ${formatHour(hour)} Uhr bereits reserviert.`,
  unknownCourt: (courts: number): string =>
    `Diesen Platz gibt es nicht. Bitte wählen Sie einen Platz von 1 bis ${courts}.`,
  outsideOpeningHours: (startHour: number, endHour: number): string =>
    `Reservierungen sind nur von ${formatHour(startHour)} bis ${formatHour(endHour)} Uhr möglich.`,
  invalidDate: 'Bitte geben Sie ein gültiges Datum an.',
  unknownMember: 'Unbekanntes Mitglied.',
  memberNotInClub: 'Dieses Mitglied gibt es in Ihrem Verein nicht.',
  tooFarAhead: (lastDay: string): string =>
    `So weit im Voraus kann nicht reserviert werden: spätestens am ${lastDay}.`,
  invalidDuration: 'Eine Reservierung dauert 1 bis 10 Stunden.',
  labelTooLong: (max: number): string => `Die Bezeichnung darf höchstens ${max} Zeichen lang sein.`,
  playerOneHourOnly: 'Sie können einen Platz nur für eine Stunde reservieren.',
  playerNoLabel: 'Nur Administratoren können eine Bezeichnung vergeben.',
  playerNoRecurrence: 'Nur Administratoren können wöchentlich wiederkehrende Reservierungen anlegen.',
  reservationNotFound: 'Diese Reservierung gibt es nicht (mehr).',
  reservationExists: 'Diese Reservierung gibt es schon.',
  notOwnReservation: 'Sie können nur Ihre eigenen Reservierungen löschen.',
  alreadyBegun: 'Eine Reservierung, die bereits begonnen hat, kann nicht mehr gelöscht werden.',
  notOwnToChange: 'Sie können nur Ihre eigenen Reservierungen ändern.',
  playerNoSeriesChange: 'Nur Administratoren können wiederkehrende Reservierungen ändern.',
  changeAlreadyBegun: 'Was bereits begonnen hat, kann nicht mehr geändert werden.',
  changeScopeMissing: 'Bitte wählen Sie, welche Termine der Serie geändert werden sollen.',
  playerOneCourtOnly: 'Nur Administratoren können mehrere Plätze auf einmal reservieren.',
  oneOfCourtOrCourts:
    'Bitte wählen Sie einen Platz (court_num) oder mehrere Plätze (court_nums), nicht beides.',
  courtsTwice: 'Bitte wählen Sie jeden Platz nur einmal.',
  // Club-local rules: how far ahead players book, until when they cancel (../club-time).
  beyondHorizon: (days: number, lastDay: string): string =>
    `Mitglieder können höchstens ${days === 1 ? 'einen Tag' : `${days} Tage`} im Voraus reservieren, also bis ${lastDay}.`,
  pastCancelDeadline: (hours: number, deadline: string): string =>
    `Reservierungen können nur bis ${hours === 1 ? 'eine Stunde' : `${hours} Stunden`} vor Beginn storniert oder geändert werden; für diese endete die Frist am ${deadline}.`,
  cancelUntil: (deadline: string): string => `Stornieren bis ${deadline}`,
  notBookableYet: (lastDay: string): string =>
    `Noch nicht buchbar: Reservierungen sind bis ${lastDay} möglich.`,
  notAnOccurrence: (date: string): string => `Die Reservierung findet am ${formatDateDe(date)} nicht statt.`,
} as const;
