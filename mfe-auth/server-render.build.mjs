/**
 * The auth remote's screens for the API's page renderer, built after the browser build by
 * `npm run build` from the same exposed modules, with the browser build's file names beside them.
 */
import { fileURLToPath } from 'node:url';
import { buildRemoteScreens } from '@platzbuchung/ui/build/server-render.mjs';
import { exposes } from './webpack.config.mjs';

await buildRemoteScreens({ root: fileURLToPath(new URL('.', import.meta.url)), exposes });
