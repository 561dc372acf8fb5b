import { fileURLToPath } from 'node:url';
import { createUiConfig } from '@platzbuchung/ui/build/webpack.mjs';

/**
 * The admin remote: one exposed screen, the whole admin area with its own sub-navigation
 * (event log, the grid as it was, club settings, members). It takes `RemoteScreenProps`
 * (packages/host/src/contract.ts) like every other screen.
 */
export default createUiConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'admin',
  exposes: {
    './Admin': './src/app/Admin.tsx',
  },
});
