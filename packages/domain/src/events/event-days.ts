/**
 * The club-local day an event concerns, for the admin log's "Stand davor": the booked date for a
 * booking, the first date a cancellation took away, the day it was recorded for everything else.
 */
import type { ReservationCancelled, ReservationMadeData, SeriesEnded } from '../reservations/events';
import { nextOccurrence } from '../recurrence';
import type { IsoDate } from '../types';

export interface EventDayContext {
  /** The club-local day the event was recorded. */
  recordedOn: IsoDate;
  /** For a reservation's events: the booking as it was made, undefined when it is not known. */
  made: ReservationMadeData | undefined;
}

export function recordedDay(_event: unknown, { recordedOn }: EventDayContext): IsoDate {
  return recordedOn;
}

/** The first date an ended series no longer takes place. */
export function endedSeriesDay({ data }: Pick<SeriesEnded, 'data'>, { made }: EventDayContext): IsoDate {
  if (!made) return data.end_date;
  return (
    nextOccurrence({ date: made.date, recurring: true, deleted_dates: [] }, data.end_date) ?? data.end_date
  );
}

/** A single booking's date; for a whole series, the first date it would still have taken place. */
export function cancelledBookingDay(
  _event: Pick<ReservationCancelled, 'data'>,
  context: EventDayContext,
): IsoDate {
  const { made, recordedOn } = context;
  if (!made) return recordedOn;
  if (!made.recurring || made.date >= recordedOn) return made.date;
  return nextOccurrence({ ...made, deleted_dates: [] }, recordedOn) ?? made.date;
}
