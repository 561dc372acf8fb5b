import { fileURLToPath } from 'node:url';
import { createUiConfig } from '@platzbuchung/ui/build/webpack.mjs';

/** The host: no remotes at build time; it learns them from /remotes.json when it starts. */
export default createUiConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'shell',
  html: './src/index.html',
  publicDir: 'public',
});
