/** The exposed "Reservierungen": the day grid with every registered piece (./screen-pieces). */
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { ScreenPiecesContext } from '../shared/screen-pieces';
import { ReservationsScreen } from '../features/day-grid';
import { screenPieces } from './registered-pieces';

export default function Reservations(props: RemoteScreenProps) {
  return (
    <ScreenPiecesContext.Provider value={screenPieces}>
      <ReservationsScreen {...props} />
    </ScreenPiecesContext.Provider>
  );
}
