/** The exposed "Meine Reservierungen": the own bookings with every registered piece (./screen-pieces). */
import type { RemoteScreenProps } from '@platzbuchung/host/contract';
import { ScreenPiecesContext } from '../shared/screen-pieces';
import { MyReservationsScreen } from '../features/my-reservations';
import { screenPieces } from './registered-pieces';

export default function MyReservations(props: RemoteScreenProps) {
  return (
    <ScreenPiecesContext.Provider value={screenPieces}>
      <MyReservationsScreen {...props} />
    </ScreenPiecesContext.Provider>
  );
}
