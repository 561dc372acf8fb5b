/** Booking's face: the popups that make, change and delete a booking, and what they are opened with. */
export { MakeReservationPopup } from './MakeReservationPopup';
export { ChangeReservationPopup } from './ChangeReservationPopup';
export { DeleteReservationPopup } from './DeleteReservationPopup';
export type { MakeReservationInput } from './make-reservation-machine';
export type { BookingWeek } from './room-left';
export type { ChangeReservationInput } from './change-reservation-machine';
export type { DeleteReservationInput } from './delete-reservation-machine';
