/**
 * The days of a range, numbered from 0, with their ISO weekdays: the figures walk a range of up to
 * three years for tens of thousands of bookings, so each day's text is made once and a booking
 * finds its day by lookup instead of parsing dates. A series' dates step through the numbers by 7,
 * as `occurrencesBetween` (../recurrence) steps through dates; a test holds the two
 * to the same answers.
 */
import { daysBetween, weekdayOf } from '../dates';
import type { IsoDate } from '../types';
import type { StatsBooking } from './facts';

/** ISO weekday, 1 = Monday … 7 = Sunday. */
const isoWeekday = (date: IsoDate): number => weekdayOf(date) || 7;

export class RangeDays {
  readonly days: IsoDate[] = [];
  readonly weekdays: number[] = [];
  private readonly index = new Map<IsoDate, number>();

  constructor(
    readonly from: IsoDate,
    readonly to: IsoDate,
  ) {
    const count = daysBetween(from, to) + 1;
    const first = isoWeekday(from);
    const day = new Date(`${from}T00:00:00Z`);
    for (let i = 0; i < count; i++) {
      const date = day.toISOString().slice(0, 10);
      this.days.push(date);
      this.weekdays.push(((first - 1 + i) % 7) + 1);
      this.index.set(date, i);
      day.setUTCDate(day.getUTCDate() + 1);
    }
  }

  indexOf(date: IsoDate): number | undefined {
    return this.index.get(date);
  }

  /** The numbers of the days a booking takes place on in the range (call-offs aside). */
  occurrences(booking: Pick<StatsBooking, 'date' | 'recurring' | 'end_date'>): number[] {
    const ended = (i: number) => booking.end_date !== null && this.days[i]! >= booking.end_date;
    if (!booking.recurring) {
      const i = this.index.get(booking.date);
      return i === undefined || ended(i) ? [] : [i];
    }
    if (booking.date > this.to) return [];
    let i =
      booking.date >= this.from
        ? this.index.get(booking.date)!
        : (7 - (daysBetween(booking.date, this.from) % 7)) % 7;
    const found: number[] = [];
    for (; i < this.days.length && !ended(i); i += 7) found.push(i);
    return found;
  }
}
