/**
 * The shell's page renderer for the API (src/server/page-render.tsx), built after the browser
 * build by `npm run build`; the remotes' loader is the server's stand-in there.
 */
import { fileURLToPath } from 'node:url';
import { buildShellRenderer } from '@platzbuchung/ui/build/server-render.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));

await buildShellRenderer({
  root,
  entry: 'src/server/page-render.tsx',
  replacements: {
    [fileURLToPath(new URL('src/remotes/federation', import.meta.url))]: fileURLToPath(
      new URL('src/server/federation.ts', import.meta.url),
    ),
  },
});
