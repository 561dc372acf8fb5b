/**
 * What a click on a grid cell does, decided before any request: nothing, an
 * alert, or one of the two popups. The server enforces the same rules again.
 */
import { blockTexts } from '@platzbuchung/domain/blocks/blocks';
import * as texts from '@platzbuchung/domain/texts';
import type { IsoDate } from '@platzbuchung/domain/types';

export interface ClickedCell {
  court: number;
  hour: number;
  date: IsoDate;
  past: boolean;
  mine: boolean;
  reservation: { _id: string; recurring: boolean; group_id?: string | null } | null;
  /** The court block holding the hour, if any. */
  block?: { reason: string } | null;
  /** For a player: the day lies beyond the club's booking horizon. */
  beyondHorizon?: boolean;
}

export interface Viewer {
  isAdmin: boolean;
  /** The refusal a player gets on a day beyond the horizon ("Noch nicht buchbar: …"). */
  horizonNotice?: string | null;
  /** Own upcoming reservations; null while unknown (then only the server counts). */
  upcomingCount: number | null;
  /** The club's reservations_limit; a missing one counts as 0. */
  limit: number | null | undefined;
}

export interface MakeSlot {
  court: number;
  date: IsoDate;
  hour: number;
}

/** The slot a delete popup is opened for. */
export interface DeleteSlot extends MakeSlot {
  reservation_id: string;
  recurring: boolean;
  /** Set when the booking was made over several courts at once. */
  group_id?: string | null;
}

type SlotAction =
  | { kind: 'none' }
  /** A player on someone else's booking still to come: the popup a piece registered (shared/screen-pieces). */
  | { kind: 'taken'; slot: MakeSlot }
  | { kind: 'alert'; message: string }
  | { kind: 'make'; slot: MakeSlot }
  | { kind: 'delete'; slot: DeleteSlot };

/** A free hour inside a court block: marked not bookable; a click only explains why. */
export function isBlocked(cell: Pick<ClickedCell, 'reservation' | 'block'>): boolean {
  return cell.reservation === null && Boolean(cell.block);
}

/** Whether the cell does anything at all for this viewer; cells that do not are marked disabled. */
export function isInert(cell: Pick<ClickedCell, 'past' | 'mine' | 'reservation'>, isAdmin: boolean): boolean {
  if (isAdmin) return false;
  return cell.past;
}

export function slotClick(cell: ClickedCell, viewer: Viewer): SlotAction {
  if (isInert(cell, viewer.isAdmin)) return { kind: 'none' };
  const slot = { court: cell.court, date: cell.date, hour: cell.hour };
  if (cell.reservation && !cell.mine && !viewer.isAdmin) return { kind: 'taken', slot };
  if (cell.reservation) {
    const { _id, recurring, group_id } = cell.reservation;
    const group = group_id ? { group_id } : {};
    return { kind: 'delete', slot: { ...slot, reservation_id: _id, recurring, ...group } };
  }
  if (cell.past) return { kind: 'alert', message: texts.pastReservation };
  // Nobody books into a block; the alert names the reason in full, as the server would.
  if (cell.block) {
    return {
      kind: 'alert',
      message: blockTexts.blocked(String(cell.court), cell.date, cell.hour, cell.block.reason),
    };
  }
  if (cell.beyondHorizon && !viewer.isAdmin && viewer.horizonNotice) {
    return { kind: 'alert', message: viewer.horizonNotice };
  }
  if (!viewer.isAdmin && viewer.upcomingCount !== null) {
    const limit = viewer.limit ?? 0;
    if (viewer.upcomingCount >= limit) return { kind: 'alert', message: texts.limitReached(limit) };
  }
  return { kind: 'make', slot };
}
