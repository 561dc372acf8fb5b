/** German texts of the popups that the original client has no text for, in the words of docs/words.md. */
import { formatDateDe, formatHour, formatTimeRange } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';

export const popupTexts = {
  /** Our own alert dialog, in place of the browser's: its title and its one button. */
  alertTitle: 'Hinweis',
  alertClose: 'OK',
  makeTitle: 'Platz reservieren',
  /** Whom a member books for: themself or one of their children (docs/who-plays.md, "Families"). */
  forWhom: 'Für',
  forMe: 'mich',
  /** Several pieces offer something on someone else's booking: which one. */
  takenSlotTitle: 'Belegte Stunde',
  deleteTitle: 'Reservierung stornieren',
  /** The same popup where the viewer may also change the booking (docs/words.md). */
  changeOrCancelTitle: 'Reservierung ändern oder stornieren',
  changeTitle: 'Reservierung ändern',
  change: 'Ändern',
  save: 'Speichern',
  startTime: 'Beginn',
  holder: 'Reserviert für',
  /** Someone else's hour: who holds it. */
  heldBy: 'Reserviert von',
  newSlot: 'Neu',
  nothingChanged: 'Wählen Sie einen anderen Platz, Tag oder eine andere Uhrzeit.',
  whichDatesChange: 'Welche Termine ändern?',
  whichCourts: 'Auf welchen Plätzen?',
  courts: 'Plätze',
  reserve: 'Reservieren',
  delete: 'Stornieren',
  court: 'Platz',
  day: 'Tag',
  time: 'Uhrzeit',
  duration: 'Dauer',
  label: 'Bezeichnung (optional)',
  weekly: 'Wöchentlich wiederholen',
  /** The make popup's list of what the limit and the quotas still leave. */
  roomLeft: 'Noch frei',
  whichDates: 'Welche Termine stornieren?',
  hours: (n: number): string => (n === 1 ? '1 Stunde' : `${n} Stunden`),
} as const;

export function slotSummary(court: number, date: IsoDate, start: number, end?: number): [string, string][] {
  return [
    [popupTexts.court, `Platz ${court}`],
    [popupTexts.day, formatDateDe(date)],
    [popupTexts.time, end === undefined ? formatHour(start) : formatTimeRange(start, end)],
  ];
}
