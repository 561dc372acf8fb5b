/** The Warteliste's pieces in the reservations screens, registered in src/app/registered-pieces.ts. */
import { lazy, type ComponentType } from 'react';
import { waitlistTexts } from '@platzbuchung/domain/waitlist/waitlist';
import { describeSlot } from '@platzbuchung/domain/mail/slot';
import type { ScreenPieces, TakenSlotPopupProps, TakenSlotResult } from '../../shared/screen-pieces';
import type { WaitlistOutput } from './waitlist-machine';
import { useWaitlistMarks } from './grid-marks';

/** Loaded at the first click on someone else's booking, like the grid's other popups. */
const WaitlistPopup = lazy(() => import('./WaitlistPopup').then((m) => ({ default: m.WaitlistPopup })));

/**
 * Only "Meine Reservierungen" shows the section: loaded with that screen, so the grid's first paint
 * carries neither it nor the machine its entries leave by. If its code cannot be loaded, the
 * bookings above it stay usable and the section is left out.
 */
const WaitlistSection = lazy<ComponentType<{ clubId: string }>>(() =>
  import('./WaitlistSection').then(
    (m) => ({ default: m.WaitlistSection }),
    (error: unknown) => {
      console.error('Der Abschnitt Warteliste konnte nicht geladen werden:', error);
      return { default: () => null };
    },
  ),
);

function TakenSlotPopup({ onDone, ...props }: TakenSlotPopupProps) {
  const { court, date, hour } = props.slot;
  const result = (output: WaitlistOutput): TakenSlotResult => {
    if (output.outcome === 'failed') return output;
    if (output.outcome !== 'joined') return { outcome: 'cancelled' };
    const slot = describeSlot({
      court: String(court),
      court_name: props.courtName,
      date,
      start: hour,
      end: hour + 1,
    });
    return { outcome: 'done', status: waitlistTexts.joinedFor(slot) };
  };
  return <WaitlistPopup {...props} onDone={(output) => onDone(result(output))} />;
}

export const waitlistPieces: ScreenPieces = {
  takenSlot: { label: waitlistTexts.join, Popup: TakenSlotPopup },
  useGridMarks: useWaitlistMarks,
  OwnSection: WaitlistSection,
};
