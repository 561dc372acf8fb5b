/** Check-in's face: what the app registers of it. */
export { checkInPieces } from './pieces';
