/** German texts of the two popups that the original client has no text for. */
import { formatDateDe, formatHour, formatTimeRange } from '@platzbuchung/domain/dates';
import type { IsoDate } from '@platzbuchung/domain/types';

export const popupTexts = {
  /** Our own alert dialog, in place of the browser's: its title and its one button. */
  alertTitle: 'Hinweis',
  alertClose: 'OK',
  makeTitle: 'Platz reservieren',
  /** Several pieces offer something on someone else's booking: which one. */
  takenSlotTitle: 'Belegte Stunde',
  deleteTitle: 'Reservierung löschen',
  changeTitle: 'Reservierung ändern',
  change: 'Ändern',
  save: 'Speichern',
  startTime: 'Beginn',
  holder: 'Reserviert für',
  newSlot: 'Neu',
  nothingChanged: 'Wählen Sie einen anderen Platz, Tag oder eine andere Uhrzeit.',
  whichDatesChange: 'Welche Termine ändern?',
  whichCourts: 'Auf welchen Plätzen?',
  courts: 'Plätze',
  reserve: 'Reservieren',
  delete: 'Löschen',
  court: 'Platz',
  day: 'Tag',
  time: 'Uhrzeit',
  duration: 'Dauer',
  label: 'Bezeichnung (optional)',
  weekly: 'Wöchentlich wiederholen',
  whichDates: 'Welche Termine löschen?',
  hours: (n: number): string => (n === 1 ? '1 Stunde' : `${n} Stunden`),
} as const;

export function slotSummary(court: number, date: IsoDate, start: number, end?: number): [string, string][] {
  return [
    [popupTexts.court, `Platz ${court}`],
    [popupTexts.day, formatDateDe(date)],
    [popupTexts.time, end === undefined ? formatHour(start) : formatTimeRange(start, end)],
  ];
}
