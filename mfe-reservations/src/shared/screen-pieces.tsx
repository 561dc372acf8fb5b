/**
 * The pieces other kinds of change show inside the reservations screens, without those screens
 * naming them (docs/adding-a-change.md): the popup a player's click on someone else's booking
 * still to come opens, the grid's marks on its cells, and a section of "Meine Reservierungen".
 * A piece shown by both screens lives in `src/shared/<its name>/` and registers by one entry in
 * `screenPieces`; the grid and the own list ask this list, never the piece itself.
 */
import { Suspense, type ComponentType } from 'react';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { MakeSlot } from './popups/slot-click';
import { waitlistPieces } from './waitlist/pieces';

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

/** Every registered piece, in the order the screens show them. */
const screenPieces: readonly ScreenPieces[] = [waitlistPieces];

/** The popup a player's click on someone else's upcoming booking opens, if any piece has one. */
export const TakenSlotPopup = screenPieces.find((piece) => piece.TakenSlotPopup)?.TakenSlotPopup;

/** The shown day's rows with every piece's marks. */
export function useGridMarks<C extends MarkableCell>(clubId: string, rows: C[][], date: IsoDate): C[][] {
  let marked = rows;
  for (const piece of screenPieces) {
    // `screenPieces` is a constant of this module: every render calls the same hooks in the same order.
    if (piece.useGridMarks) marked = piece.useGridMarks(clubId, marked, date);
  }
  return marked;
}

/** The sections every piece adds to "Meine Reservierungen". */
export function OwnSections({ clubId }: { clubId: string }) {
  // A section may load its code when first shown; the bookings above it do not wait for it.
  return (
    <Suspense fallback={null}>
      {screenPieces.map(({ OwnSection }, i) => OwnSection && <OwnSection key={i} clubId={clubId} />)}
    </Suspense>
  );
}
