/**
 * The day grid's popups as one module, which the grid loads only when it is about to need them:
 * the first view of the grid does not wait for the popups' code.
 */
export { ChangeReservationPopup } from './ChangeReservationPopup';
export { DeleteReservationPopup } from './DeleteReservationPopup';
export { MakeReservationPopup } from './MakeReservationPopup';
