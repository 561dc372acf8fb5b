/**
 * The pieces other kinds of change show inside the reservations screens, without those screens
 * naming them (docs/adding-a-change.md): the popup a player's click on someone else's booking
 * still to come opens, the grid's marks on its cells, and a section of "Meine Reservierungen".
 * A piece is a feature (`src/features/<its name>/`) and registers by one entry in the list of
 * `src/app/registered-pieces.ts`; the exposed screens hand that list down through `ScreenPiecesContext`,
 * so the grid and the own list ask the context, never a piece, and no piece imports the list.
 */
import { createContext, Suspense, useContext, type ComponentType } from 'react';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { MakeSlot } from './popup/slot-click';

/** What the grid hands the popup of a taken slot. */
export interface TakenSlotPopupProps {
  clubId: string;
  slot: MakeSlot;
  /** The court as the club names it ("Center Court", else "Platz 2"). */
  courtName: string;
  /** Who holds the hour, as the grid shows it. */
  holder: string;
  fallbackFocus?: () => HTMLElement | null;
  /** Closed; nothing of the bookings changed. */
  onDone: (result: TakenSlotResult) => void;
}

/**
 * How a taken slot's popup closed: left without a change, refused (the text is alerted), or done,
 * with the status line the grid shows and announces.
 */
export type TakenSlotResult =
  { outcome: 'cancelled' } | { outcome: 'failed'; error: string } | { outcome: 'done'; status: string };

/** What a piece offers on someone else's booking still to come: its choice's words and its popup. */
export interface TakenSlotOffer {
  /** The button that opens it when several pieces offer something ("Auf die Warteliste"). */
  label: string;
  Popup: ComponentType<TakenSlotPopupProps>;
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
  /** What a click on someone else's booking still to come offers (every piece's offer is shown). */
  takenSlot?: TakenSlotOffer;
  /** A hook: the shown day's rows with this piece's marks; unchanged rows keep their identity. */
  useGridMarks?: <C extends MarkableCell>(clubId: string, rows: C[][], date: IsoDate) => C[][];
  /** A section below the bookings in "Meine Reservierungen". */
  OwnSection?: ComponentType<{ clubId: string }>;
}

/**
 * The registered pieces. No default list: a screen shown without its pieces would silently lose
 * the Warteliste, so every exposed screen provides them (src/app) and a missing provider throws.
 */
export const ScreenPiecesContext = createContext<readonly ScreenPieces[] | null>(null);

function useScreenPieces(): readonly ScreenPieces[] {
  const pieces = useContext(ScreenPiecesContext);
  if (pieces === null)
    throw new Error('ScreenPiecesContext fehlt: der Bildschirm wird ohne seine Teile gezeigt.');
  return pieces;
}

/** Every piece's offer for someone else's booking still to come, in the list's order. */
export function useTakenSlotOffers(): TakenSlotOffer[] {
  return useScreenPieces().flatMap((piece) => (piece.takenSlot ? [piece.takenSlot] : []));
}

/** The shown day's rows with every piece's marks. */
export function useGridMarks<C extends MarkableCell>(clubId: string, rows: C[][], date: IsoDate): C[][] {
  const pieces = useScreenPieces();
  let marked = rows;
  for (const piece of pieces) {
    // The list is a constant of the app (src/app/registered-pieces.ts): every render calls the same
    // hooks in the same order.
    if (piece.useGridMarks) marked = piece.useGridMarks(clubId, marked, date);
  }
  return marked;
}

/** The sections every piece adds to "Meine Reservierungen". */
export function OwnSections({ clubId }: { clubId: string }) {
  const pieces = useScreenPieces();
  // A section may load its code when first shown; the bookings above it do not wait for it.
  return (
    <Suspense fallback={null}>
      {pieces.map(({ OwnSection }, i) => OwnSection && <OwnSection key={i} clubId={clubId} />)}
    </Suspense>
  );
}
