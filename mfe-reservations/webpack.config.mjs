import { fileURLToPath } from 'node:url';
import { createUiConfig } from '@platzbuchung/ui/build/webpack.mjs';

/**
 * The reservations remote: the day grid with its popups, the user's own reservations and the
 * club's players. Each exposes a default component taking `RemoteScreenProps`
 * (packages/host/src/contract.ts).
 */
export default createUiConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'reservations',
  exposes: {
    './Reservations': './src/app/Reservations.tsx',
    './MyReservations': './src/app/MyReservations.tsx',
    './Players': './src/features/players/Players.tsx',
    './ClubRules': './src/features/club-rules/ClubRules.tsx',
  },
});
