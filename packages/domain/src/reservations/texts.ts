/**
 * German answers of the reservation rules that the original client has no text for. Its own texts (limit,
 * past slot) stay in `../texts`; import both from there and here, never re-type them. One export per
 * text, imported as a namespace (`import * as reservationTexts`), so a bundle keeps only the texts it reads
 * (see `../texts`).
 */
import { formatDateDe, formatHour } from '../dates';

export const conflict = (court: string, date: string, hour: number): string =>
  `Platz ${court} ist am ${formatDateDe(date)} um ${formatHour(hour)} Uhr bereits reserviert.`;
export { unknownCourtText as unknownCourt } from '../courts';
export const outsideOpeningHours = (startHour: number, endHour: number): string =>
  `Reservierungen sind nur von ${formatHour(startHour)} bis ${formatHour(endHour)} Uhr möglich.`;
export { invalidDateText as invalidDate } from '../shapes';
export const unknownMember = 'Unbekanntes Mitglied.';
export const notYourChild = 'Sie können nur für Ihre eigenen Kinder buchen (Konto → Kinder).';
export const childOneCourt = 'Für ein Kind buchen Sie einen Platz, nicht mehrere.';
export const memberNotInClub = 'Dieses Mitglied gibt es in Ihrem Verein nicht.';
export const tooFarAhead = (lastDay: string): string =>
  `So weit im Voraus kann nicht reserviert werden: spätestens am ${lastDay}.`;
export const invalidDuration = 'Eine Reservierung dauert 1 bis 10 Stunden.';
export const labelTooLong = (max: number): string =>
  `Die Bezeichnung darf höchstens ${max} Zeichen lang sein.`;
export const playerOneHourOnly = 'Sie können einen Platz nur für eine Stunde reservieren.';
export const playerNoLabel = 'Nur Administratoren können eine Bezeichnung vergeben.';
export const playerNoRecurrence =
  'Nur Administratoren können wöchentlich wiederkehrende Reservierungen anlegen.';
export const reservationNotFound = 'Diese Reservierung gibt es nicht (mehr).';
export const reservationExists = 'Diese Reservierung gibt es schon.';
/** A retried booking's `Idempotency-Key` (docs/operations.md, "During a failover"). */
export const idempotencyKeyInvalid =
  'Der Idempotency-Key besteht aus 8 bis 64 Buchstaben, Ziffern, „-“ oder „_“.';
export const idempotencyKeyUsed =
  'Dieser Idempotency-Key gehört schon zu einer anderen Reservierung; bitte wählen Sie für jede Buchung einen neuen.';
export const notOwnReservation = 'Sie können nur Ihre eigenen Reservierungen löschen.';
export const alreadyBegun = 'Eine Reservierung, die bereits begonnen hat, kann nicht mehr gelöscht werden.';
export const notOwnToChange = 'Sie können nur Ihre eigenen Reservierungen ändern.';
export const playerNoSeriesChange = 'Nur Administratoren können wiederkehrende Reservierungen ändern.';
export const changeAlreadyBegun = 'Was bereits begonnen hat, kann nicht mehr geändert werden.';
export const changeScopeMissing = 'Bitte wählen Sie, welche Termine der Serie geändert werden sollen.';
export const playerOneCourtOnly = 'Nur Administratoren können mehrere Plätze auf einmal reservieren.';
export const oneOfCourtOrCourts =
  'Bitte wählen Sie einen Platz (court_num) oder mehrere Plätze (court_nums), nicht beides.';
export const courtsTwice = 'Bitte wählen Sie jeden Platz nur einmal.';
/** A group is the club's booking over several courts: nobody plays on all of them (./book-courts). */
export const groupNamesNobody =
  'Eine Buchung über mehrere Plätze nennt keine Mitspieler; tragen Sie sie bitte für jeden Platz einzeln ein.';
// Club-local rules: how far ahead players book, until when they cancel (../club-time).
export const beyondHorizon = (days: number, lastDay: string): string =>
  `Mitglieder können höchstens ${days === 1 ? 'einen Tag' : `${days} Tage`} im Voraus reservieren, also bis ${lastDay}.`;
export const pastCancelDeadline = (hours: number, deadline: string): string =>
  `Reservierungen können nur bis ${hours === 1 ? 'eine Stunde' : `${hours} Stunden`} vor Beginn storniert oder geändert werden; für diese endete die Frist am ${deadline}.`;
export const cancelUntil = (deadline: string): string => `Stornieren bis ${deadline}`;
export const notBookableYet = (lastDay: string): string =>
  `Noch nicht buchbar: Reservierungen sind bis ${lastDay} möglich.`;
export const notAnOccurrence = (date: string): string =>
  `Die Reservierung findet am ${formatDateDe(date)} nicht statt.`;

// The status line after a member's own change on the grid, announced to screen readers too; `slot`
// as mails describe it ("Platz 2, Mo., 07.12.2026, 10-11 Uhr", mail/slot.ts).
export const bookedStatus = (slot: string): string => `Reserviert: ${slot}.`;
/** `slot` null: the change's new hours are not in the answer (a series' date moved to another week). */
export const changedStatus = (slot: string | null): string =>
  slot ? `Geändert: ${slot}.` : 'Die Reservierung ist geändert.';
export const cancelledStatus = (slot: string, part: 'once' | 'once_and_future' | 'all' | 'single'): string =>
  ({
    single: `Storniert: ${slot}.`,
    once: `Dieser Termin ist storniert: ${slot}.`,
    once_and_future: `Die Serie ist ab diesem Termin storniert: ${slot}.`,
    all: `Die ganze Serie ist storniert: ${slot}.`,
  })[part];

/** What the "2 von 3" beside "Meine Reservierungen" counts (docs/words.md). */
export const counterNote = (limit: number): string =>
  `Kommende Reservierungen, höchstens ${limit} gleichzeitig`;
