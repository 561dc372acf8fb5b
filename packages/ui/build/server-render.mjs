/**
 * Builds the code the API renders anonymous pages with (docs/architecture/first-visit.md, "Pages
 * painted from their HTML"): the shell's app and a remote's screens as ES modules for Node, beside
 * the browser build and from the same sources, so the page's HTML is what the browser's first
 * render makes and React hydrates it. The packages the browser shares as singletons (React, React
 * DOM, the router, XState) stay imports of node_modules, so the shell's bundle and a remote's find
 * the same React, as in the browser; everything else is compiled in, style sheets left out (the
 * browser build has them).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** Where each workspace's server build goes: beside dist/, never served as a file. */
export const SERVER_DIST = 'server-dist';

/** The browser's shared singletons (docs/architecture/micro-frontends.md), by package. */
const SHARED_PACKAGES = /^(react|react-dom|react-router-dom|xstate|@xstate\/react)(\/|$)/;

const sharedPackagesExternal = {
  name: 'shared-packages-external',
  setup(builder) {
    builder.onResolve({ filter: SHARED_PACKAGES }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * Modules replaced by their stand-ins for Node (a module that needs the browser), each named by its
 * file without the extension: every relative import that resolves to it gets the stand-in.
 */
const replaced = (replacements) => ({
  name: 'server-replacements',
  setup(builder) {
    builder.onResolve({ filter: /^\./ }, (args) => {
      const standIn = replacements[path.resolve(args.resolveDir, args.path).replace(/\.tsx?$/, '')];
      return standIn ? { path: standIn } : undefined;
    });
  },
});

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/**
 * The shell's page renderer: `entry` (relative to `root`) with `replacements` (a module's file
 * without its extension → the file that stands in for it on the server).
 */
export async function buildShellRenderer({ root, entry, replacements = {} }) {
  await build({
    ...common,
    entryPoints: [path.join(root, entry)],
    outfile: path.join(root, SERVER_DIST, 'page-render.mjs'),
    plugins: [replaced(replacements), sharedPackagesExternal],
  });
}

/**
 * A remote's screens for the server: `screens` (exposed name → its component) and `chunks`
 * (exposed name → the script files its browser build has, from the manifest just written), by which
 * the API knows whether the remote being served is this build. Run after the remote's webpack build.
 */
export async function buildRemoteScreens({ root, exposes }) {
  const manifest = JSON.parse(await readFile(path.join(root, 'dist', 'mf-manifest.json'), 'utf8'));
  const chunks = Object.fromEntries(
    manifest.exposes.map((expose) => [expose.path, expose.assets?.js?.sync ?? []]),
  );
  const names = Object.keys(exposes);
  const source = [
    ...names.map((name, i) => `import screen${i} from ${JSON.stringify(exposes[name])};`),
    `export const screens = {${names.map((name, i) => `${JSON.stringify(name)}: screen${i}`).join(', ')}};`,
    `export const chunks = ${JSON.stringify(chunks)};`,
  ].join('\n');
  await build({
    ...common,
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: 'server-screens.ts' },
    outfile: path.join(root, SERVER_DIST, 'screens.mjs'),
    plugins: [sharedPackagesExternal],
  });
}
