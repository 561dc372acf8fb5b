/**
 * A booking's slot as every notice names it, and the shape of a notice's words
 * (docs/architecture.md, "Notifications").
 */
import { formatDateDe, formatTimeRange } from '../dates';
import type { IsoDate } from '../types';

/** One booked hour range on one court and day. */
export interface BookingSlot {
  court: string;
  date: IsoDate;
  start: number;
  end: number;
  /** A weekly series: the notice says so. */
  recurring?: boolean;
}

/** The words of one notice, without greeting and closing, which the mailer's layout adds. */
export interface NoticeText {
  subject: string;
  /** The body, one entry per paragraph. */
  paragraphs: string[];
  /** The words of the button or link into the app. */
  linkLabel: string;
  /** Why this member gets this mail (the last line above the closing). */
  why: string;
}

/** "Platz 2, Mo., 07.12.2026, 10-11 Uhr" (and "jeden Montag" for a series). */
export function describeSlot(slot: BookingSlot): string {
  const when = `${formatDateDe(slot.date)}, ${formatTimeRange(slot.start, slot.end)}`;
  return `Platz ${slot.court}, ${when}${slot.recurring ? ' (wöchentliche Serie)' : ''}`;
}
