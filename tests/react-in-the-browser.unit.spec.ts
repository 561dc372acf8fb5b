/**
 * Every browser runs React and React DOM, shared by Module Federation as singletons at their own
 * versions: a remote another team builds with stock React asks for `react@^19` and must find the
 * shell's (docs/architecture/micro-frontends.md, "React in the browser"). No container resolves React's names to
 * another library, and no package, lock entry or build setup names one.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const UI_WORKSPACES = ['shell', 'mfe-auth', 'mfe-reservations', 'mfe-admin'] as const;
const REACT_KEYS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];
/**
 * The look-alike library that once served React's API in the browser, its name spelled in parts:
 * a search of the repository for it then finds nothing at all, this test included.
 */
const LOOK_ALIKE = new RegExp(['pre', 'act'].join(''), 'i');

interface SharedConfig {
  singleton?: boolean;
  requiredVersion?: string;
  import?: string | false;
}

interface UiBuild {
  resolve: { alias: Record<string, string> };
  plugins: { _options?: { shared?: Record<string, SharedConfig> } }[];
}

/**
 * The production build the workspace's webpack.config.mjs describes. The shell's describes two:
 * its own (named `shell`) and the clubhouse screen's bundle beside it, which federates nothing.
 */
async function productionBuild(workspace: string): Promise<UiBuild> {
  const config = `${ROOT}${workspace}/webpack.config.mjs`;
  const { default: factory } = (await import(config)) as {
    default: (env: unknown, argv: { mode: string }) => UiBuild | (UiBuild & { name?: string })[];
  };
  const built = factory(undefined, { mode: 'production' });
  return Array.isArray(built) ? built.find((build) => build.name === workspace)! : built;
}

function sharedOf(build: UiBuild): Record<string, SharedConfig> {
  const federation = build.plugins.find((plugin) => plugin._options?.shared);
  if (!federation?._options?.shared) throw new Error('no ModuleFederationPlugin with shared modules');
  return federation._options.shared;
}

const installedVersion = (name: string) =>
  (
    JSON.parse(readFileSync(createRequire(`${ROOT}shell/`).resolve(`${name}/package.json`), 'utf8')) as {
      version: string;
    }
  ).version;

describe('React in every browser', () => {
  it.each(UI_WORKSPACES)(
    '%s shares React and React DOM as singletons asked for as ^19',
    async (workspace) => {
      const shared = sharedOf(await productionBuild(workspace));
      for (const key of [...REACT_KEYS, 'xstate', '@xstate/react']) {
        expect(shared[key], key).toMatchObject({ singleton: true });
        expect(shared[key]?.import, key).not.toBe(false);
      }
      for (const key of REACT_KEYS) expect(shared[key]?.requiredVersion, key).toBe('^19');
    },
  );

  it('keeps the router the shell’s own: only the shell routes, and a shared router is built whole', async () => {
    for (const workspace of UI_WORKSPACES) {
      expect(sharedOf(await productionBuild(workspace))['react-router-dom'], workspace).toBeUndefined();
    }
  });

  it.each(UI_WORKSPACES)('%s resolves React’s names to React itself', async (workspace) => {
    const { alias } = (await productionBuild(workspace)).resolve;
    const reactNames = Object.keys(alias).filter((name) => /^react(-dom)?(\/|\$|$)/.test(name));
    expect(reactNames).toEqual([]);
  });

  it('installs React and React DOM 19', () => {
    expect(installedVersion('react')).toMatch(/^19\./);
    expect(installedVersion('react-dom')).toBe(installedVersion('react'));
  });

  it('names no look-alike library in any package.json, the lock or a build setup', () => {
    const files = execFileSync('git', ['ls-files', '*package.json', 'package-lock.json', '*webpack*'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    const naming = files.filter((file) => LOOK_ALIKE.test(readFileSync(`${ROOT}${file}`, 'utf8')));
    expect(naming).toEqual([]);
  });
});
