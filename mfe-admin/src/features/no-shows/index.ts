/** The no-shows' face: what the Mitglieder tab shows of them. */
export { NoShows } from './NoShows';
