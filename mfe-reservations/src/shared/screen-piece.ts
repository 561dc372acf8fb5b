/**
 * What a piece shown inside the reservations screens is (./screen-pieces lists them): its types
 * apart from the list, so a piece names them without importing the list that imports it.
 */
import type { ComponentType } from 'react';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { MakeSlot } from './popups/slot-click';

/** What the grid hands the popup of a taken slot. */
export interface TakenSlotPopupProps {
  clubId: string;
  slot: MakeSlot;
  /** Who holds the hour, as the grid shows it. */
  holder: string;
  fallbackFocus?: () => HTMLElement | null;
  /** Closed, nothing of the bookings changed; with the refusal's text if the call was refused. */
  onDone: (refusal?: string) => void;
}

/** The parts of a grid cell a mark reads and rewrites: words, visible and announced. */
export interface MarkableCell {
  court: number;
  hour: number;
  reservation: unknown;
  mine: boolean;
  text: string;
  accessibleName: string;
}

export interface ScreenPieces {
  /** The popup of someone else's booking still to come (only the first piece that has one opens). */
  TakenSlotPopup?: ComponentType<TakenSlotPopupProps>;
  /** A hook: the shown day's rows with this piece's marks; unchanged rows keep their identity. */
  useGridMarks?: <C extends MarkableCell>(clubId: string, rows: C[][], date: IsoDate) => C[][];
  /** A section below the bookings in "Meine Reservierungen". */
  OwnSection?: ComponentType<{ clubId: string }>;
}
