/**
 * What the make popup tells a player before they book (docs/who-plays.md, "The rules"): how many
 * reservations the club's limit still leaves them, how many hours each quota the slot touches
 * leaves them in that week, and the guest fee of the guests named. Counted with the very functions
 * the API's rules count with (`upcomingCount`, `quotaHours`, `hoursInWindow`, `isShortNotice`),
 * over what the screen already holds: the own reservations and the grid's week. The API decides
 * again; a line here only spares the member a refusal.
 */
import { mondayOf, formatDateDe, type LocalMoment } from '@platzbuchung/domain/dates';
import { quotaWindowText } from '@platzbuchung/domain/players/play-rules';
import { formatEuros } from '@platzbuchung/domain/cents';
import { hoursInWindow, isShortNotice, quotaHours } from '@platzbuchung/domain/players/who-plays';
import type { PlayRules } from '@platzbuchung/domain/schemas';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import { asCounted, upcomingCount } from '../../shared/my-reservations';
import type { DateWindow } from '../../shared/reservations-api';

/** The club's bookings of the week the grid has loaded, with the days they cover. */
export interface BookingWeek {
  window: DateWindow;
  reservations: readonly Reservation[];
}

const hoursText = (hours: number) => (hours === 1 ? '1 Stunde' : `${hours} Stunden`);

const roomTexts = {
  /** "Noch 1 von 3 Reservierungen frei": the limit, before booking. */
  limit: (left: number, limit: number) =>
    `Noch ${left} von ${limit} ${limit === 1 ? 'Reservierung' : 'Reservierungen'} frei`,
  /** "Kontingent Mo–Fr 17–21 Uhr: noch 1 Stunde in dieser Woche". */
  quota: (window: string, left: number, week: string) =>
    left > 0
      ? `Kontingent ${window}: noch ${hoursText(left)} ${week}`
      : `Kontingent ${window}: ${week} aufgebraucht`,
  shortNotice: (window: string) => `Kontingent ${window}: gilt für diese kurzfristige Reservierung nicht`,
  thisWeek: 'in dieser Woche',
  weekOf: (monday: IsoDate) => `in der Woche ab ${formatDateDe(monday)}`,
  /** "Gastgebühr: 5,00 € (1 Gast, 1 Stunde)". */
  guestFee: (cents: number, guests: number, hours: number) =>
    `Gastgebühr: ${formatEuros(cents)} (${guests === 1 ? '1 Gast' : `${guests} Gäste`}, ${hoursText(hours)})`,
} as const;

export interface RoomQuestion {
  userId: string;
  /** The club's reservations_limit; a missing one: the popup says nothing about it. */
  limit: number | null;
  play: PlayRules;
  timeZone: string;
  now: LocalMoment;
  slot: { date: IsoDate; hour: number };
  /** The hours asked for. */
  duration: number;
  /** The user's own and named reservations from today on; null while not loaded. */
  own: readonly Reservation[] | null;
  /** The grid's week; null while not loaded or when it does not hold the slot's week. */
  week: BookingWeek | null;
}

/** The reservations the limit leaves the member, as the limit rule counts them; null: nothing to say. */
export function limitLine(question: RoomQuestion): string | null {
  const { limit, own, userId, play, now } = question;
  if (limit === null || limit <= 0 || own === null) return null;
  const upcoming = upcomingCount(own, now.date, userId, play);
  return roomTexts.limit(Math.max(0, limit - upcoming), limit);
}

/** The hours each quota the asked hours touch leaves the member in the slot's week, as the quota rule counts them. */
export function quotaLines(question: RoomQuestion): string[] {
  const { play, slot, duration, week, userId, now } = question;
  if (play.quotas.length === 0 || week === null) return [];
  const monday = mondayOf(slot.date);
  // The quota's week must be the one the grid holds, whole, or the count would miss hours.
  if (week.window.from > monday || week.window.to < slot.date) return [];
  const asked = { start_time: slot.hour, end_time: slot.hour + duration };
  const touched = play.quotas.filter((quota) => hoursInWindow(asked, quota, slot.date) > 0);
  if (touched.length === 0) return [];
  if (isShortNotice(play, question.timeZone, { date: slot.date, start_time: slot.hour }, now)) {
    return touched.map((quota) => roomTexts.shortNotice(quotaWindowText(quota)));
  }
  const counted = week.reservations.map(asCounted);
  const which = mondayOf(now.date) === monday ? roomTexts.thisWeek : roomTexts.weekOf(monday);
  return touched.map((quota) => {
    const left = quota.hours_per_week - quotaHours(counted, userId, quota, monday);
    return roomTexts.quota(quotaWindowText(quota), Math.max(0, left), which);
  });
}

/**
 * The guests' fee for the booking: the club's fee per guest and hour (its setting `guest_fee_cents`,
 * as the Platzordnung states it and the guest list charges it), times the guests and the hours.
 */
export function guestFeeLine(play: PlayRules, guests: number, hours: number): string | null {
  if (guests === 0 || !play.guests || play.guest_fee_cents <= 0) return null;
  return roomTexts.guestFee(play.guest_fee_cents * guests * hours, guests, hours);
}
