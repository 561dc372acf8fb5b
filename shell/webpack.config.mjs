import { fileURLToPath } from 'node:url';
import { createUiConfig } from '@platzbuchung/ui/build/webpack.mjs';
import { aushangConfig } from './webpack.aushang.mjs';
import { serviceWorkerConfig } from './webpack.sw.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The host: no remotes at build time; it learns them from /remotes.json when it starts. */
const shell = createUiConfig({ root, name: 'shell', html: './src/index.html', publicDir: 'public' });

/** And the clubhouse screen's and the service worker's own bundles, built after the shell (whose build empties dist/). */
export default (env, argv) => [
  { ...shell(env, argv), name: 'shell' },
  { ...aushangConfig(root, shell(env, argv)), dependencies: ['shell'] },
  { ...serviceWorkerConfig(root, shell(env, argv)), dependencies: ['shell'] },
];
