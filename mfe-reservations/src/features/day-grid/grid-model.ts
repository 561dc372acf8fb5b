/**
 * What the day grid shows, computed from plain data so it is tested without a
 * browser: the hours and courts, and for every cell its reservation, its marks, its text and the
 * name a screen reader announces.
 */
import { isBeyondHorizon, lastDayWithinHorizon, type ClubTimeRules } from '@platzbuchung/domain/club-time';
import { formatDateDe, formatHour, isPastSlot, type LocalMoment } from '@platzbuchung/domain/dates';
import * as reservationTexts from '@platzbuchung/domain/reservations/texts';
import { blockAt, type Block } from '@platzbuchung/domain/blocks/blocks';
import {
  applyToBlocks,
  applyToReservations,
  liveTexts,
  type LiveChange,
} from '@platzbuchung/domain/live/changes';
import {
  courtNumbers,
  reservationsBySlot,
  slotKey,
  slotText,
  startHours,
} from '@platzbuchung/domain/reservations/day-slots';
import { courtName } from '@platzbuchung/domain/courts';
import type { Club, IsoDate, Reservation, UserListEntry } from '@platzbuchung/domain/types';
import type { DateWindow } from '../../shared/reservations-api';
import { namesMember, playersFullLine, playersShortLine } from '@platzbuchung/domain/players/players';

export const windowContains = (window: DateWindow | null, date: IsoDate): boolean =>
  window !== null && window.from <= date && date <= window.to;

export interface GridCell {
  court: number;
  hour: number;
  reservation: Reservation | null;
  past: boolean;
  mine: boolean;
  /** Someone else's booking that names the viewer as a co-player. */
  withMe: boolean;
  /**
   * The hour before on this court holds the same booking or block: the cell is drawn joined to it,
   * its name shown once in the first hour (every cell still names it for screen readers).
   */
  joinsAbove: boolean;
  /** The hour after on this court holds the same booking or block. */
  joinsBelow: boolean;
  /** The court block holding this hour, if any: nobody can book it. */
  block: Block | null;
  /** A free hour on a day beyond the club's booking horizon, for a player: not bookable yet. */
  beyondHorizon: boolean;
  /** The label, else the holder as "S. Graf"; "Gesperrt: Turnier" when blocked; empty for a free cell. */
  text: string;
  /** Everyone a booking names, in full ("Max Müller mit Erika Schmidt"); '' when it names nobody beside the booker. */
  players: string;
  /** "Platz 3, 14:00, reserviert von S. Graf". */
  accessibleName: string;
}

interface GridInput {
  club: Pick<Club, 'courts_count' | 'start_hour' | 'end_hour'> &
    Partial<Pick<Club, 'booking_horizon_days' | 'court_names'>>;
  /** Admins are not bound by the club's booking horizon. */
  isAdmin?: boolean;
  date: IsoDate;
  reservations: readonly Reservation[];
  /** The court blocks of the loaded window. */
  blocks?: readonly Block[];
  users: readonly UserListEntry[];
  userId: string;
  now: LocalMoment;
}

type DescribedCell = Omit<GridCell, 'accessibleName' | 'joinsAbove' | 'joinsBelow'>;

function describeCell(cell: DescribedCell, club: Pick<Club, 'court_names'>): string {
  const parts = [courtName(club, cell.court), formatHour(cell.hour)];
  const { reservation } = cell;
  // Where a booking names its players, screen readers hear all of them in full.
  const who = cell.players || cell.text;
  if (!reservation && cell.block) parts.push(`gesperrt: ${cell.block.reason}`);
  else if (!reservation && cell.beyondHorizon) parts.push('noch nicht buchbar');
  else if (!reservation) parts.push('frei');
  else if (cell.mine) parts.push(who ? `Ihre Reservierung: ${who}` : 'Ihre Reservierung');
  else if (cell.withMe) parts.push(`Sie spielen mit: ${who}`);
  else parts.push(who ? `reserviert von ${who}` : 'reserviert');
  if (reservation?.recurring) parts.push('wöchentlich');
  if (cell.past) parts.push('vergangen');
  return parts.join(', ');
}

/** What holds a cell, to tell whether two hours of a court show one booking or one block. */
const holderOf = (cell: DescribedCell | undefined): string | null =>
  cell?.reservation ? `r:${cell.reservation._id}` : cell?.block ? `b:${cell.block._id}` : null;

/** One row per hour, one cell per court. */
export function buildGrid(input: GridInput): GridCell[][] {
  const rows = describedCells(input);
  return rows.map((row, index) =>
    row.map((cell, court) => {
      const holder = holderOf(cell);
      return {
        ...cell,
        joinsAbove: holder !== null && holderOf(rows[index - 1]?.[court]) === holder,
        joinsBelow: holder !== null && holderOf(rows[index + 1]?.[court]) === holder,
        accessibleName: describeCell(cell, input.club),
      };
    }),
  );
}

function describedCells(input: GridInput): DescribedCell[][] {
  const users = new Map(input.users.map((u) => [u._id, u]));
  const bySlot = reservationsBySlot(input.reservations, input.date);
  const blocks = input.blocks ?? [];
  const beyondHorizon = !input.isAdmin && dayBeyondHorizon(input.club, input.date, input.now);
  return startHours(input.club).map((hour) =>
    courtNumbers(input.club).map((court) => {
      const reservation = bySlot.get(slotKey(court, hour)) ?? null;
      const block = blockAt(blocks, court, input.date, hour) ?? null;
      const players = reservation?.players ?? [];
      const booker = reservation ? users.get(reservation.user_id) : undefined;
      return {
        court,
        hour,
        reservation,
        past: isPastSlot(input.date, hour, input.now),
        mine: reservation !== null && reservation.user_id === input.userId,
        withMe:
          reservation !== null &&
          reservation.user_id !== input.userId &&
          namesMember(reservation.players, input.userId),
        block,
        beyondHorizon: reservation === null && beyondHorizon,
        // A booking still shown in a block (one that had begun) keeps its own text.
        text:
          !reservation && block
            ? `Gesperrt: ${block.reason}`
            : reservation && players.length > 0 && !reservation.label?.trim()
              ? playersShortLine(booker, players)
              : reservation
                ? slotText(reservation, users, '')
                : '',
        players: players.length > 0 ? playersFullLine(booker, players) : '',
      };
    }),
  );
}

/** Is the whole day further ahead than the club lets players book? */
function dayBeyondHorizon(
  club: Partial<Pick<ClubTimeRules, 'booking_horizon_days'>>,
  date: IsoDate,
  now: LocalMoment,
): boolean {
  return isBeyondHorizon({ booking_horizon_days: club.booking_horizon_days ?? null }, date, now);
}

/**
 * What the day navigation says for a player on a day beyond the horizon ("Noch nicht buchbar:
 * Reservierungen sind bis Mo., 07.12.2026 möglich."), or null on a bookable day and for admins.
 */
export function horizonNotice(
  club: Partial<Pick<ClubTimeRules, 'booking_horizon_days'>>,
  date: IsoDate,
  now: LocalMoment,
  isAdmin: boolean,
): string | null {
  if (isAdmin || !dayBeyondHorizon(club, date, now)) return null;
  const last = lastDayWithinHorizon({ booking_horizon_days: club.booking_horizon_days ?? null }, now.date)!;
  return reservationTexts.notBookableYet(formatDateDe(last));
}

/** A week's data after live changes, in the order they came. */
export function applyLiveChanges(
  data: { reservations: readonly Reservation[]; blocks: readonly Block[] },
  changes: readonly LiveChange[],
  window: DateWindow,
): { reservations: Reservation[]; blocks: Block[] } {
  let reservations = [...data.reservations];
  let blocks = [...data.blocks];
  for (const change of changes) {
    reservations = applyToReservations(reservations, change, window);
    blocks = applyToBlocks(blocks, change, window);
  }
  return { reservations, blocks };
}

type CellState = 'belegt' | 'frei' | 'gesperrt';

const cellState = (cell: GridCell): CellState =>
  cell.reservation ? 'belegt' : cell.block ? 'gesperrt' : 'frei';

/**
 * What a screen reader hears when someone else's change alters the day on screen: the one cell, or
 * how many; null when the day looks the same. Both grids must show the same day.
 */
export function gridChangeAnnouncement(
  before: readonly GridCell[][],
  after: readonly GridCell[][],
  date: IsoDate,
): string | null {
  const previous = new Map(before.flat().map((cell) => [slotKey(cell.court, cell.hour), cellState(cell)]));
  const changed = after.flat().filter((cell) => {
    const was = previous.get(slotKey(cell.court, cell.hour));
    return was !== undefined && was !== cellState(cell);
  });
  if (changed.length === 0) return null;
  if (changed.length === 1) {
    const [cell] = changed as [GridCell];
    return liveTexts.slotNow(cell.court, cell.hour, cellState(cell));
  }
  return liveTexts.dayUpdated(date, changed.length);
}

/** Whether someone holds the cell now: a booking or a block. */
export const isTaken = (cell: GridCell | undefined): boolean =>
  cell !== undefined && (cell.reservation !== null || cell.block !== null);
