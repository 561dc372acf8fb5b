/** The Warteliste's face: what the app registers of it. */
export { waitlistPieces } from './pieces';
