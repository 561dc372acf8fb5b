#!/usr/bin/env node
/**
 * Compiles the server side to plain JavaScript for production (`npm run build` runs it after the
 * UIs): the API, the mail worker, the remote file server and every migration, each an ES module
 * for Node 20. Our own workspaces are bundled in; npm packages stay imports of node_modules.
 *
 * The bundles sit as deep below the repository as their sources (services/api/build/ beside
 * services/api/src/), so paths the code derives from its own location still point to the same
 * folders (shell/dist, var/mail).
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * CommonJS packages whose named exports Node cannot see from an ES module (`import { Ajv } from
 * 'ajv'` works under tsx, not under plain Node): compiled in, where esbuild bridges the two.
 */
const COMPILED_IN = new Set(['ajv', 'ajv-formats', 'ajv-errors']);

/** "ajv" of "ajv/dist/x", "@koa/router" of "@koa/router/lib". */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Whether Node, running the bundle in `outdir`, finds the package in a node_modules above it. */
function reachableFrom(outdir, specifier) {
  for (let folder = join(root, outdir); folder.startsWith(root); folder = dirname(folder)) {
    if (existsSync(join(folder, 'node_modules', packageName(specifier)))) return true;
  }
  return false;
}

/**
 * npm packages are loaded from node_modules at run time; @platzbuchung/* is compiled in, and so is
 * a package npm installed only below one workspace (the bundle, elsewhere, could not find it).
 */
const npmPackagesExternal = (outdir) => ({
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@platzbuchung/') ||
      COMPILED_IN.has(packageName(args.path)) ||
      !reachableFrom(outdir, args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
});

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  // Compiled-in CommonJS calls require() for its own dependencies; an ES module has none by itself.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
  absWorkingDir: root,
};

const outputs = {
  'services/api/build': {
    main: 'services/api/src/main.ts',
    // start:prod checks the environment with the API's own rules before it starts any worker.
    config: 'services/api/src/config.ts',
    migrate: 'services/api/src/migrate-cli.ts',
    events: 'services/api/src/events-cli.ts',
    'serve-remote': 'scripts/serve-remote.ts',
  },
  'services/mailer/build': { main: 'services/mailer/src/main.ts' },
};

for (const folder of Object.keys(outputs)) rmSync(join(root, folder), { recursive: true, force: true });
const migrations = readdirSync(join(root, 'db/migrations')).filter((file) =>
  /^\d{14}_[\w-]+\.ts$/.test(file),
);
await Promise.all([
  ...Object.entries(outputs).map(([outdir, entryPoints]) =>
    build({ ...common, entryPoints, outdir, plugins: [npmPackagesExternal(outdir)] }),
  ),
  build({
    ...common,
    entryPoints: migrations.map((file) => join('db/migrations', file)),
    outdir: 'services/api/build/migrations',
    plugins: [npmPackagesExternal('services/api/build/migrations')],
  }),
]);
console.log(`server compiled: services/api/build, services/mailer/build (${migrations.length} migrations)`);
