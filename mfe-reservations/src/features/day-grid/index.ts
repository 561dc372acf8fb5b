/** The day grid's face: the screen "Reservierungen". */
export { default as ReservationsScreen } from './Reservations';
