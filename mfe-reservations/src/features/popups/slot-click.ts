/**
 * What a click on a grid cell does (SPEC section 5), decided before any request: nothing, an
 * alert, or one of the two popups. The server enforces the same rules again.
 */
import { texts } from '@platzbuchung/domain/texts';
import type { IsoDate } from '@platzbuchung/domain/types';

export interface ClickedCell {
  court: number;
  hour: number;
  date: IsoDate;
  past: boolean;
  mine: boolean;
  reservation: { _id: string; recurring: boolean } | null;
}

export interface Viewer {
  isAdmin: boolean;
  /** Own upcoming reservations; null while unknown (then only the server counts). */
  upcomingCount: number | null;
  /** The club's reservations_limit; a missing one counts as 0 (SPEC section 5). */
  limit: number | null | undefined;
}

export interface MakeSlot {
  court: number;
  date: IsoDate;
  hour: number;
}

/** SPEC section 3, "Delete-popup slot". */
export interface DeleteSlot extends MakeSlot {
  reservation_id: string;
  recurring: boolean;
}

export type SlotAction =
  | { kind: 'none' }
  | { kind: 'alert'; message: string }
  | { kind: 'make'; slot: MakeSlot }
  | { kind: 'delete'; slot: DeleteSlot };

/** Whether the cell does anything at all for this viewer; cells that do not are marked disabled. */
export function isInert(cell: Pick<ClickedCell, 'past' | 'mine' | 'reservation'>, isAdmin: boolean): boolean {
  if (isAdmin) return false;
  return cell.past || (cell.reservation !== null && !cell.mine);
}

export function slotClick(cell: ClickedCell, viewer: Viewer): SlotAction {
  if (isInert(cell, viewer.isAdmin)) return { kind: 'none' };
  const slot = { court: cell.court, date: cell.date, hour: cell.hour };
  if (cell.reservation) {
    const { _id, recurring } = cell.reservation;
    return { kind: 'delete', slot: { ...slot, reservation_id: _id, recurring } };
  }
  if (cell.past) return { kind: 'alert', message: texts.pastReservation };
  if (!viewer.isAdmin && viewer.upcomingCount !== null) {
    const limit = viewer.limit ?? 0;
    if (viewer.upcomingCount >= limit) return { kind: 'alert', message: texts.limitReached(limit) };
  }
  return { kind: 'make', slot };
}
