/**
 * The pieces other kinds of change show inside the reservations screens, without those screens
 * naming them (docs/adding-a-change.md): the popup a player's click on someone else's booking
 * still to come opens, the grid's marks on its cells, and a section of "Meine Reservierungen".
 * A piece shown by both screens lives in `src/shared/<its name>/` and registers by one entry in
 * `screenPieces`; the grid and the own list ask this list, never the piece itself.
 */
import { Suspense } from 'react';
import type { IsoDate } from '@platzbuchung/domain/types';
import type { MarkableCell, ScreenPieces } from './screen-piece';
import { waitlistPieces } from './waitlist/pieces';

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
