/**
 * The service worker's bundle (shell/src/sw, docs/architecture/offline.md): one script at the
 * site's root, `dist/sw.js`, so its scope is the whole app. Its name carries no hash: the browser
 * checks the same address for a new worker on every visit (the API serves it `no-cache`).
 */
import path from 'node:path';

export function serviceWorkerConfig(root, shell) {
  return {
    name: 'sw',
    mode: shell.mode,
    context: root,
    target: 'webworker',
    entry: { sw: './src/sw/sw.ts' },
    devtool: false,
    output: {
      path: path.join(root, 'dist'),
      filename: '[name].js',
      publicPath: '/',
      uniqueName: 'platzbuchung_sw',
      // The shell's build wrote dist/ first; this adds one file to it.
      clean: false,
    },
    resolve: shell.resolve,
    module: shell.module,
    optimization: { minimizer: shell.optimization.minimizer, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
