/**
 * What the live stream of a club says (docs/architecture/live-stream.md): one message per
 * committed change a grid shows, numbered by the club's own sequence, carrying the booking or block
 * as it stands after the change, so a screen applies it without asking the server again. The API
 * builds these messages and the screens apply them with the functions below: one definition for both.
 */
import { blockTouches, evolveBlock, initialBlockState, type Block } from '../blocks/blocks';
import type { BlockEvent } from '../blocks/events';
import { formatDateDe, formatHour } from '../dates';
import type { ReservationEvent } from '../reservations/events';
import { evolve } from '../reservations/evolve';
import { occursBetween } from '../recurrence';
import type { IsoDate, Reservation } from '../types';

export interface ReservationChange {
  club_seq: number;
  type: ReservationEvent['type'];
  reservation_id: string;
  /** The booking after the change; null once it is cancelled. */
  reservation: Reservation | null;
}

export interface BlockChange {
  club_seq: number;
  type: BlockEvent['type'];
  block_id: string;
  /** The block after the change; null once it is lifted. */
  block: Block | null;
}

export type LiveChange = ReservationChange | BlockChange;

/**
 * The response header of a club's lists (its reservations, its blocks) that names the club sequence
 * the list includes at least. A screen whose stream starts afresh at sequence N (its `ready`) loads
 * again only when what it shows is older than N.
 */
export const CLUB_SEQ_HEADER = 'Club-Seq';

/** The event types a grid shows; other changes of a club (settings, roles) are not sent. */
export const LIVE_EVENT_TYPES = [
  'ReservationMade',
  'ReservationChanged',
  'OccurrenceCancelled',
  'SeriesEnded',
  'ReservationCancelled',
  'CoPlayerLeft',
  'ReservationReleased',
  'CourtsBlocked',
  'BlockLifted',
] as const satisfies readonly (ReservationEvent | BlockEvent)['type'][];

export function isLiveEventType(type: string): type is (typeof LIVE_EVENT_TYPES)[number] {
  return (LIVE_EVENT_TYPES as readonly string[]).includes(type);
}

/** The message for a reservation event, given the booking before it (null if none). */
export function reservationChange(
  clubSeq: number,
  before: Reservation | null,
  event: ReservationEvent,
): ReservationChange {
  return {
    club_seq: clubSeq,
    type: event.type,
    reservation_id: event.reservation_id,
    reservation: evolve(before, event),
  };
}

/** The message for a block event: a block is whole in the event that sets it, gone after the one lifting it. */
export function blockChange(clubSeq: number, clubId: string, event: BlockEvent): BlockChange {
  const state = evolveBlock(initialBlockState, { ...event, club_id: clubId });
  return {
    club_seq: clubSeq,
    type: event.type,
    block_id: event.block_id,
    block: state.status === 'active' ? state.block : null,
  };
}

/** A message as it arrives; anything else (a newer server's shape) is ignored, never half-applied. */
export function parseLiveChange(text: string): LiveChange | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const change = value as Record<keyof ReservationChange | keyof BlockChange, unknown>;
  if (typeof change.club_seq !== 'number' || typeof change.type !== 'string') return null;
  if (!isLiveEventType(change.type)) return null;
  if (typeof change.reservation_id === 'string' && change.reservation !== undefined) {
    return change as unknown as ReservationChange;
  }
  if (typeof change.block_id === 'string' && change.block !== undefined)
    return change as unknown as BlockChange;
  return null;
}

export interface DayWindow {
  from: IsoDate;
  to: IsoDate;
}

/**
 * A list of bookings for `window` after a change: the booking is replaced where it was, added when
 * it now takes place in the window, dropped when it no longer does. Applying the same message twice
 * gives the same list.
 */
export function applyToReservations(
  list: readonly Reservation[],
  change: LiveChange,
  window: DayWindow,
  keep: (reservation: Reservation) => boolean = () => true,
): Reservation[] {
  if (!('reservation_id' in change)) return [...list];
  const after = change.reservation;
  const shown = after !== null && keep(after) && occursBetween(after, window.from, window.to);
  const next: Reservation[] = [];
  let placed = false;
  for (const reservation of list) {
    if (reservation._id !== change.reservation_id) next.push(reservation);
    else if (shown && !placed) {
      next.push(after);
      placed = true;
    }
  }
  if (shown && !placed) next.push(after);
  return next;
}

/** The blocks touching `window` after a change, like `applyToReservations`. */
export function applyToBlocks(list: readonly Block[], change: LiveChange, window: DayWindow): Block[] {
  if (!('block_id' in change)) return [...list];
  const rest = list.filter((block) => block._id !== change.block_id);
  const after = change.block;
  return after !== null && blockTouches(after, window.from, window.to) ? [...rest, after] : rest;
}

export const liveTexts = {
  /** In a booking popup whose slot someone else took meanwhile. */
  slotJustTaken: 'Dieser Platz wurde gerade vergeben.',
  tooManyStreams:
    'Zu viele offene Live-Verbindungen für Ihr Konto. Bitte schließen Sie andere Fenster oder Geräte mit Platzbuchung.',
  serverBusy: 'Der Server hat gerade zu viele Live-Verbindungen. Die Ansicht wird regelmäßig neu geladen.',
  restarting: 'Der Server startet gerade neu. Bitte versuchen Sie es gleich noch einmal.',
  /** Announced politely when the shown day changes through someone else's change. */
  slotNow: (court: string | number, hour: number, what: 'belegt' | 'frei' | 'gesperrt'): string =>
    `Platz ${court} um ${formatHour(hour)} Uhr ist jetzt ${what}.`,
  dayUpdated: (date: IsoDate, count: number): string =>
    `Am ${formatDateDe(date)} haben sich ${count} Zeiten geändert.`,
} as const;
