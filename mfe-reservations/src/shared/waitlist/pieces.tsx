/** The Warteliste's pieces in the reservations screens, registered in ../screen-pieces. */
import { lazy } from 'react';
import type { ScreenPieces, TakenSlotPopupProps } from '../screen-pieces';
import { useWaitlistMarks } from './grid-marks';
import { WaitlistSection } from './WaitlistSection';

/** Loaded at the first click on someone else's booking, like the grid's other popups. */
const WaitlistPopup = lazy(() => import('./WaitlistPopup').then((m) => ({ default: m.WaitlistPopup })));

function TakenSlotPopup({ onDone, ...props }: TakenSlotPopupProps) {
  return (
    <WaitlistPopup
      {...props}
      onDone={(output) => onDone(output.outcome === 'failed' ? output.error : undefined)}
    />
  );
}

export const waitlistPieces: ScreenPieces = {
  TakenSlotPopup,
  useGridMarks: useWaitlistMarks,
  OwnSection: WaitlistSection,
};
