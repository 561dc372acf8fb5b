/**
 * The popup open over the grid, if any. The popups' code loads when the pointer or the keyboard
 * focus first enters the grid (`preloadPopups`), or at the first click at the latest; until then
 * the grid itself shows sooner.
 */
import { lazy, Suspense } from 'react';
import type { IsoDate, Reservation } from '@platzbuchung/domain/types';
import type { cancelNote } from '../../shared/club-grid';
import type { DeletedPart } from '../../shared/my-reservations';
import type { DateWindow } from '../../shared/reservations-api';
import type { ChangeReservationInput } from '../../shared/popups/change-reservation-machine';
import type { DeleteReservationInput } from '../../shared/popups/delete-reservation-machine';
import type { MakeReservationInput } from '../../shared/popups/make-reservation-machine';
import type { PopupOutput } from '../../shared/popups/popup-submit';
import type { MakeSlot } from '../../shared/popups/slot-click';

const gridPopups = () => import('../../shared/popups/grid-popups');
const MakeReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.MakeReservationPopup })));
const DeleteReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.DeleteReservationPopup })));
const ChangeReservationPopup = lazy(() => gridPopups().then((m) => ({ default: m.ChangeReservationPopup })));
const WaitlistPopup = lazy(() =>
  import('../../shared/waitlist/WaitlistPopup').then((m) => ({ default: m.WaitlistPopup })),
);

export const preloadPopups = () => void gridPopups();

export type GridPopup =
  | { kind: 'make'; input: MakeReservationInput; cellId: string }
  | {
      kind: 'delete';
      input: DeleteReservationInput;
      reservation: Reservation;
      holder: string;
      cellId: string;
      /** Whether the viewer may change it: then the popup offers "Ändern". */
      changeable: boolean;
      /** For a player's own booking: until when it can still be cancelled. */
      cancelNote: ReturnType<typeof cancelNote>;
    }
  | { kind: 'change'; input: ChangeReservationInput; holder: string; cellId: string }
  | { kind: 'waitlist'; clubId: string; slot: MakeSlot; holder: string; cellId: string };

export interface GridPopupHandlers {
  /** The week the answers of the popups' calls cover. */
  answerWindow: DateWindow;
  today: IsoDate;
  /** Someone else took the make popup's slot while it was open (the live stream said so). */
  slotTaken: boolean;
  onDone: (output: PopupOutput, deleted?: DeletedPart, wholeGroup?: boolean) => void;
  onChangeDone: (output: PopupOutput) => void;
  onChangeInstead: (from: Extract<GridPopup, { kind: 'delete' }>) => void;
}

export function GridPopups({ popup, handlers }: { popup: GridPopup | null; handlers: GridPopupHandlers }) {
  const { answerWindow, today, slotTaken, onDone, onChangeDone, onChangeInstead } = handlers;
  const focusCell = (id: string) => () => document.getElementById(id);
  return (
    <Suspense fallback={null}>
      {popup?.kind === 'make' && (
        <MakeReservationPopup input={popup.input} taken={slotTaken} window={answerWindow} onDone={onDone} />
      )}
      {popup?.kind === 'delete' && (
        <DeleteReservationPopup
          input={popup.input}
          hours={{ start: popup.reservation.start_time, end: popup.reservation.end_time }}
          holder={popup.holder || undefined}
          window={answerWindow}
          fallbackFocus={focusCell(popup.cellId)}
          onDone={onDone}
          onChangeInstead={popup.changeable ? () => onChangeInstead(popup) : undefined}
          cancelNote={popup.cancelNote}
        />
      )}
      {popup?.kind === 'change' && (
        <ChangeReservationPopup
          input={popup.input}
          holder={popup.holder || undefined}
          window={answerWindow}
          today={today}
          fallbackFocus={focusCell(popup.cellId)}
          onDone={onChangeDone}
        />
      )}
      {popup?.kind === 'waitlist' && (
        <WaitlistPopup
          clubId={popup.clubId}
          slot={popup.slot}
          holder={popup.holder}
          fallbackFocus={focusCell(popup.cellId)}
          // Nothing of the bookings changed: closed, or a refusal alerted and the grid reloaded.
          onDone={(output) => onDone(output.outcome === 'failed' ? output : { outcome: 'cancelled' })}
        />
      )}
    </Suspense>
  );
}
