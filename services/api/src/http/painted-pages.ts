/**
 * The anonymous pages a stranger opens first, rendered by React on the server into the page's root
 * (docs/architecture/first-visit.md, "Pages painted from their HTML"): they paint from the HTML
 * alone, with JavaScript off too, and the shell hydrates them. The renderers are the shell's and
 * the remotes' own code, built beside their browser builds (`server-dist/`); a remote's screens are
 * used only while the remote being served is the build they were made with, so after a `switch` to
 * another version the page goes out unpainted, as before, and the browser renders that version.
 */
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { hostPaths, type PageStartup, type RemotesConfig } from '@platzbuchung/host/contract';
import { routeAt } from '@platzbuchung/host/routes';
import type { ScreenFiles } from './remote-files';

/** The pages painted ahead: not the secret links' (their token is in the query, the page is everyone's). */
const PAINTED_PATHS: ReadonlySet<string> = new Set([
  hostPaths.landing,
  hostPaths.login,
  hostPaths.register,
  hostPaths.registerClub,
  hostPaths.forgotPassword,
  hostPaths.impressum,
  hostPaths.privacy,
]);

/** Where the built renderers are: the shell's, and each remote's screens by federation name. */
export interface PageRenderers {
  shell: string;
  remotes: Record<string, string>;
}

/** The shell's `server-dist/page-render.mjs` (shell/src/server/page-render.tsx). */
interface ShellRenderer {
  renderPage(input: {
    path: string;
    basics: PageStartup & { config: RemotesConfig };
    remote: string;
    screens: Record<string, unknown>;
  }): Promise<string>;
}

/** A remote's `server-dist/screens.mjs`: its screens and the browser build's script files of each. */
interface RemoteScreens {
  screens: Record<string, unknown>;
  chunks: Record<string, string[]>;
}

export interface PaintRequest {
  path: string;
  query: string;
  startup: PageStartup;
  /** The files the page names of its screen, from the served manifest, when it shows a remote's. */
  screenFiles: ScreenFiles | null;
  logger: Pick<Logger, 'warn'>;
}

export interface PagePainter {
  /**
   * Whether this address is one the server renders for a stranger: one of the first pages, without a
   * query (a screen may read it, and a page per query would be a page per made-up address).
   */
  paints(path: string, query: string): boolean;
  /** The root's inner HTML for an anonymous page, or null when it goes out unpainted. */
  paint(request: PaintRequest): Promise<string | null>;
}

const fileName = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Whether the served screen is the build the server's copy was made with (same script files). */
function sameBuild(served: ScreenFiles | null, built: readonly string[] | undefined): boolean {
  if (!served || !built) return false;
  const names = served.scripts.map(fileName).sort();
  return names.length === built.length && [...built].sort().every((name, i) => name === names[i]);
}

/**
 * A module loaded again when its file changes (a rebuild beside a running API), else kept; null
 * while it is not built.
 */
function builtModule<T>(file: string): () => Promise<T | null> {
  let kept: { version: number; module: Promise<T> } | undefined;
  return async () => {
    const version = await stat(file).then(
      (info) => info.mtimeMs,
      () => null,
    );
    if (version === null) return null;
    if (kept?.version !== version) {
      kept = { version, module: import(`${pathToFileURL(file).href}?v=${version}`) as Promise<T> };
    }
    return kept.module;
  };
}

const paintedRoute = (path: string, query: string) => {
  const route = routeAt(path);
  return query === '' && route && PAINTED_PATHS.has(route.path) ? route : null;
};

export function paintedPages(renderers: PageRenderers, config: RemotesConfig): PagePainter {
  const shell = builtModule<ShellRenderer>(renderers.shell);
  const remotes = new Map(
    Object.entries(renderers.remotes).map(([name, file]) => [name, builtModule<RemoteScreens>(file)]),
  );
  const paint = async ({ path, query, startup, screenFiles, logger }: PaintRequest) => {
    const route = paintedRoute(path, query);
    if (!route || startup.user !== null) return null;
    const screen = route.content.kind === 'remote' ? route.content : null;
    try {
      const renderer = await shell();
      const own = screen === null ? null : await remotes.get(screen.remote)?.();
      if (!renderer) return null;
      if (screen !== null && (!own || !sameBuild(screenFiles, own.chunks[screen.module]))) return null;
      return await renderer.renderPage({
        path: route.path,
        basics: { config, clubs: startup.clubs, user: null },
        remote: screen?.remote ?? '',
        screens: own?.screens ?? {},
      });
    } catch (err) {
      logger.warn({ err, path }, 'the page could not be rendered ahead: the browser renders it');
      return null;
    }
  };
  return { paints: (path, query) => paintedRoute(path, query) !== null, paint };
}
