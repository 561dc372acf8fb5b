/**
 * The one production webpack setup of the shell and every remote, so they cannot drift apart in
 * what they share or how they name files.
 *
 * Pinned by STACK.md: webpack 5.111.1 (5.112+ breaks @module-federation/enhanced 2.9.2), and
 * `filename: '[name].js'` (Module Federation cannot hash its entry files; chunks are hashed instead).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';

/**
 * Only these are shared, each as one singleton: two Reacts on a page break hooks and context. Each
 * goes at the version installed (webpack reads it from the package) and is asked for with the range
 * the workspace's package.json names (`^19` for React and React DOM). React's entry points are
 * shared one by one, since a container imports each by its own name, and a remote another team
 * builds with the stock plugin asks for exactly these names (README, "Releasing a remote on its
 * own"). Key → the package whose range applies. The router is not shared: only the shell routes
 * (remotes link and read the address through the host contract), and a shared module is built
 * whole, so sharing react-router-dom 7 cost a first visit about 40 kB of the router's data routers
 * and server helpers that nothing here uses (bench/README.md, "browser").
 */
const SINGLETONS = {
  react: 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react/jsx-runtime': 'react',
  xstate: 'xstate',
  '@xstate/react': '@xstate/react',
};

/** The `shared` option of every container, with the versions the workspace's package.json asks for. */
export function sharedSingletons(packageJson) {
  const dependencies = packageJson.dependencies ?? {};
  for (const name of ['react', 'react-dom', 'xstate', '@xstate/react']) {
    if (!dependencies[name]) throw new Error(`${packageJson.name} must depend on ${name} to share it`);
  }
  return Object.fromEntries(
    Object.entries(SINGLETONS)
      .filter(([, packageName]) => dependencies[packageName])
      .map(([name, packageName]) => [name, { singleton: true, requiredVersion: dependencies[packageName] }]),
  );
}

/**
 * Adds files to the output beside what the bundles emit. `collect(compilation)` returns
 * [file name, content] pairs and adds the sources it read to the compilation's file dependencies,
 * so a watch build notices their change.
 */
class EmitFilesPlugin {
  constructor(name, collect) {
    this.name = name;
    this.collect = collect;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(this.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: this.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [file, content] of this.collect(compilation)) {
            compilation.emitAsset(file, new sources.RawSource(content));
          }
        },
      );
    });
  }
}

/** Copies every file of a folder as is to the output root (favicon, icons, web app manifest). */
function copyFolder(folder) {
  return new EmitFilesPlugin('CopyFolderPlugin', (compilation) =>
    readdirSync(folder).map((name) => {
      const file = path.join(folder, name);
      compilation.fileDependencies.add(file);
      return [name, readFileSync(file)];
    }),
  );
}

/**
 * Whether a chunk group runs on a page's first render: what the host's entry file imports to start
 * (its bootstrap), the shared modules the host provides (React, React DOM, XState) and a remote's
 * exposed screens. The remotes' own copies of the shared modules are fallbacks, loaded only when
 * no host provides them.
 */
function runsOnFirstRender(group, entryFile, isRemote) {
  return group.origins.some(({ module }) => {
    if (!module) return false;
    if (isRemote) return module.constructor.name === 'ContainerEntryModule';
    return module.resource === entryFile || module.constructor.name === 'ProvideSharedModule';
  });
}

/** The JavaScript and CSS files of the chunk groups that run on a page's first render. */
function firstRenderFiles(compilation, entryFile, isRemote) {
  const files = new Set();
  for (const group of compilation.chunkGroups) {
    if (!runsOnFirstRender(group, entryFile, isRemote)) continue;
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
    }
  }
  return files;
}

/**
 * Names in the page's head the scripts and styles every first visit needs after main.js: the chunks of the
 * shell's bootstrap import and those of the shared modules it provides (React, ReactDOM, XState).
 * The browser then fetches them beside main.js instead of after main.js has run, one round trip
 * sooner. The consumers' fallback copies of the same modules are not named: they load only when
 * no provider is on the page.
 */
class PreloadStartChunksPlugin {
  constructor(entryFile) {
    this.entryFile = entryFile;
  }

  apply(compiler) {
    const name = 'PreloadStartChunksPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(name, (data) => {
        const files = firstRenderFiles(compilation, this.entryFile, false);
        const publicPath = compilation.outputOptions.publicPath;
        // Styles as style sheets: the bootstrap chunk runs only once its style sheet is in, and
        // the page paints the layout's frame from its own HTML (services/api/src/http/page-frame.ts),
        // which needs them. The chunk's loader finds the sheet on the page and does not ask again.
        const links = [...files]
          .sort()
          .map((file) =>
            HtmlWebpackPlugin.createHtmlTagObject(
              'link',
              file.endsWith('.css')
                ? { rel: 'stylesheet', href: `${publicPath}${file}` }
                : { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
            ),
          );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

/** V8's explicit compile hint: compile every function of the file as it arrives. Only on a file's first line. */
const COMPILE_ALL_ON_LOAD = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the scripts of a page's first render (the entry files and the chunks `runsOnFirstRender`
 * names) for eager compilation. Without the mark V8 compiles a function when it is first called,
 * on the main thread, in the middle of the start; with it, while the file streams in, on a
 * background thread. Nearly every function of these files runs at the start (React's render and
 * commit, the shell, the screen), so little is compiled for nothing; the chunks a screen loads
 * later (popups) stay lazy. A throttled repeat visit painted the grid about 190 ms sooner
 * (bench/README.md, "browser"). Added after minifying, which would drop the comment, and before the
 * source maps and content hashes are made, so both count it.
 */
class CompileHintsPlugin {
  constructor(entryFile, isRemote) {
    this.entryFile = entryFile;
    this.isRemote = isRemote;
  }

  apply(compiler) {
    const name = 'CompileHintsPlugin';
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          const files = firstRenderFiles(compilation, this.entryFile, this.isRemote);
          for (const chunk of compilation.chunks) {
            if (chunk.canBeInitial()) for (const file of chunk.files) files.add(file);
          }
          for (const file of files) {
            if (!file.endsWith('.js') || !compilation.getAsset(file)) continue;
            compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_ALL_ON_LOAD, source));
          }
        },
      );
    });
  }
}

/**
 * Files that always load together are one file: each is a request of its own on a first visit,
 * and on a phone's network a request costs more than the bytes it saves (bench/README.md,
 * "browser"). The host provides React, React DOM, XState and their helpers from one chunk (Module
 * Federation would otherwise make a chunk of each shared name, some of them under 1 kB; every
 * page's first render needs them all), and keeps the router in its bootstrap chunk rather than a
 * vendor chunk beside it.
 */
const HOST_CHUNKS = {
  cacheGroups: {
    default: false,
    defaultVendors: false,
    shared: {
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/,
      name: 'shared',
      chunks: 'async',
      enforce: true,
    },
  },
};

/**
 * A remote's screen is one chunk with everything it needs that the host does not share: code two
 * screens use is copied into each (a few kB) instead of split into chunks of its own that the
 * first visit waits for one by one. What a screen loads later (its popups) stays apart.
 */
const SCREEN_CHUNKS = { cacheGroups: { default: false, defaultVendors: false } };

const PROVIDE_RUNTIME_PLUGIN = fileURLToPath(
  import.meta.resolve('@module-federation/inject-external-runtime-core-plugin'),
);

const REACT_ROUTER_ROOT = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const REACT_ROUTER_PRODUCTION = {
  'react-router$': path.join(REACT_ROUTER_ROOT, 'dist/production/index.mjs'),
  'react-router/dom$': path.join(REACT_ROUTER_ROOT, 'dist/production/dom-export.mjs'),
};

/** The host-contract version the remotes are built for (see packages/host/src/contract.ts). */
const HOST_CONTRACT_FILE = fileURLToPath(new URL('../../host/src/contract-version.json', import.meta.url));

/** Writes `host-contract.json` next to a remote's manifest: the contract version it was built for. */
function declareHostContract(remote) {
  return new EmitFilesPlugin('DeclareHostContractPlugin', (compilation) => {
    compilation.fileDependencies.add(HOST_CONTRACT_FILE);
    const { hostContract } = JSON.parse(readFileSync(HOST_CONTRACT_FILE, 'utf8'));
    const declaration = JSON.stringify({ remote, hostContract }, null, 2);
    return [['host-contract.json', `${declaration}\n`]];
  });
}

/**
 * @param {object} options
 * @param {string} options.root       the workspace folder
 * @param {string} options.name       the federation name ("shell", "auth", ...); remotes.json keys use it
 * @param {Record<string,string>} [options.exposes]  a remote's screens
 * @param {string} [options.html]     a host's HTML template
 * @param {string} [options.publicDir] files copied unchanged to the output root (a host's icons)
 */
export function createUiConfig({ root, name, exposes, html, publicDir }) {
  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const isRemote = Boolean(exposes);
  const entryFile = path.join(root, 'src/index.ts');

  return (_env, argv) => {
    const production = (argv.mode ?? 'production') === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: root,
      entry: { main: entryFile },
      // Never an eval-based devtool: the page's CSP forbids eval in development too.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(root, 'dist'),
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        // A host lives at the site root; a remote learns its own address from the manifest it was loaded by.
        publicPath: isRemote ? 'auto' : '/',
        uniqueName: `platzbuchung_${name}`,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        // react-router's package exports name only its development build, with its warnings
        // and checks; a production bundle takes the production build it ships beside it.
        alias: production ? REACT_ROUTER_PRODUCTION : {},
      },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          {
            test: /\.css$/,
            // Extracted files, never <style> tags: the CSP allows no inline styles.
            use: [MiniCssExtractPlugin.loader, 'css-loader'],
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isRemote ? { filename: 'remoteEntry.js', exposes, manifest: true } : { remotes: {} }),
          shared: sharedSingletons(packageJson),
          // Types are shared through packages/domain, not generated archives.
          dts: false,
          // One federation runtime per page: the host hands its own to the remotes, which then
          // leave theirs out of every remoteEntry.js. The host names the plugin's ES module itself:
          // `experiments.provideExternalRuntime` would add its CommonJS build, which pulls in a
          // second copy of the runtime beside the host's. Browsers only: no code for Node.
          ...(isRemote
            ? { experiments: { externalRuntime: true, optimization: { target: 'web' } } }
            : {
                runtimePlugins: [PROVIDE_RUNTIME_PLUGIN],
                experiments: { optimization: { target: 'web', disableSnapshot: true } },
              }),
        }),
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(html
          ? [
              new HtmlWebpackPlugin({ template: html, scriptLoading: 'defer' }),
              new PreloadStartChunksPlugin(entryFile),
            ]
          : []),
        ...(publicDir ? [copyFolder(path.join(root, publicDir))] : []),
        ...(isRemote ? [declareHostContract(name)] : []),
        ...(production ? [new CompileHintsPlugin(entryFile, isRemote)] : []),
      ],
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify })],
        splitChunks: isRemote ? SCREEN_CHUNKS : HOST_CHUNKS,
      },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
