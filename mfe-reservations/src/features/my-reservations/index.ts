/** The own bookings' face: the screen "Meine Reservierungen". */
export { default as MyReservationsScreen } from './MyReservations';
