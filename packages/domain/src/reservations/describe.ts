/**
 * Events in German words, for the operators' CLI and the admin's event log alike.
 */
import { formatDateDe, formatTimeRange } from '../dates';
import type { ReservationEvent, ReservationEventType } from './events';

export const eventTitles: Record<ReservationEventType, string> = {
  ReservationMade: 'Reservierung angelegt',
  OccurrenceCancelled: 'Termin abgesagt',
  SeriesEnded: 'Serie beendet',
  ReservationCancelled: 'Reservierung gelöscht',
};

const deleteTypeWords = {
  once: 'nur dieser Termin',
  once_and_future: 'dieser und alle folgenden Termine',
  all: 'alle Termine',
} as const;

/** One line of what happened, e.g. "Platz 3 · Mo., 23.11.2026 · 12-13 Uhr · wöchentlich · „Jugend“". */
export function describeEvent(event: ReservationEvent): string {
  switch (event.type) {
    case 'ReservationMade': {
      const { court_num, date, start_time, end_time, recurring, label } = event.data;
      return [
        `Platz ${court_num}`,
        formatDateDe(date),
        formatTimeRange(start_time, end_time),
        recurring ? 'wöchentlich' : null,
        label ? `„${label}“` : null,
      ]
        .filter(Boolean)
        .join(' · ');
    }
    case 'OccurrenceCancelled':
      return `Termin am ${formatDateDe(event.data.date)} abgesagt`;
    case 'SeriesEnded':
      return `keine Termine mehr ab ${formatDateDe(event.data.end_date)}`;
    case 'ReservationCancelled':
      return event.data.delete_type ? `gelöscht: ${deleteTypeWords[event.data.delete_type]}` : 'gelöscht';
    default: {
      const unknown: never = event;
      throw new Error(`Unknown reservation event: ${JSON.stringify(unknown)}`);
    }
  }
}
