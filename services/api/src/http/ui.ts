/**
 * Serves the built shell (shell/dist) from the API's origin, after every /api and /schema route:
 * static files (./static-files), an SPA fallback to the page for navigations (./shell-page, with the
 * remotes configuration inside), `GET /remotes.json` telling the shell where the remotes live
 * (./remotes-config), and the Content-Security-Policy of the HTML page (./security).
 */
import path from 'node:path';
import type { Middleware } from 'koa';
import type { ImpressumConfig } from '@platzbuchung/domain/privacy/facts';
import type { AppState } from './context';
import { inlineConfigBlock, preconnectLinks } from './page-head';
import type { InlineAnswerFor, PageStartupFor } from './page-startup';
import { paintedPages, type PageRenderers } from './painted-pages';
import { servedScreenFiles } from './remote-files';
import { remoteEntryUrls, remoteOriginsOf, remotesConfig } from './remotes-config';
import { contentSecurityPolicy, serviceWorkerPolicy } from './security';

/** The service worker's script (docs/architecture/offline.md), built into the shell's root. */
const SERVICE_WORKER_PATH = '/sw.js';
import { shellPage } from './shell-page';
import { bodyFor, cacheControlFor, contentTypeOf, fileInside, type ServeRules } from './static-files';

export interface ServeUiOptions {
  /** The shell's build output (index.html, main.js, hashed chunks). */
  shellDir: string;
  /**
   * Remote federation name → where it is: its `remoteEntry.js`, or the origin or folder that holds
   * it; a relative URL is resolved against `publicUrl` (remotes behind the same proxy).
   */
  remotes: Record<string, string>;
  publicUrl: string;
  /** `MAIL_RETENTION_DAYS`, which the privacy notice names. */
  mailRetentionDays: number;
  /** Operator named in the Impressum. */
  impressum?: ImpressumConfig;
  /** Production serves no source maps (docs/security/browser.md). */
  production?: boolean;
  /** What each page carries for the shell's start (./page-startup); without it the shell asks. */
  startupFor?: PageStartupFor;
  /** Answers the page carries in place of the screen's first requests (./page-startup); the rest are preloaded. */
  inlineAnswerFor?: InlineAnswerFor;
  /** The built renderers of the pages a stranger opens first (./painted-pages); without them those pages go out unpainted. */
  pageRenderers?: PageRenderers;
  /**
   * How long a remote's served manifest stands before it is asked again (default 1 s): the pages
   * after a `switch` name the new version's files once it has passed.
   */
  manifestFreshForMs?: number;
}

/** A page waits this long at most for a remote's manifest; without it, it names none of its files. */
const MANIFEST_TIMEOUT_MS = 500;

/** Does this request want a page (a browser navigation) rather than a file or JSON? */
function wantsHtml(accept: string): boolean {
  return /text\/html/i.test(accept);
}

export function serveUi(options: ServeUiOptions): Middleware<AppState> {
  const remotes = remoteEntryUrls(options.remotes, options.publicUrl);
  const remoteOrigins = remoteOriginsOf(remotes, options.publicUrl);
  const csp = contentSecurityPolicy(remoteOrigins);
  const workerCsp = serviceWorkerPolicy(remoteOrigins);
  const config = remotesConfig({
    remoteEntries: remotes,
    impressum: options.impressum,
    mailRetentionDays: options.mailRetentionDays,
  });
  const shellDir = path.resolve(options.shellDir);

  const screenFilesFor = servedScreenFiles({
    remotes,
    freshForMs: options.manifestFreshForMs ?? 1000,
    timeoutMs: MANIFEST_TIMEOUT_MS,
  });
  const page = shellPage(
    inlineConfigBlock(config) + preconnectLinks(remoteOrigins),
    options.startupFor,
    { screenFilesFor, inlineAnswerFor: options.inlineAnswerFor },
    options.pageRenderers && paintedPages(options.pageRenderers, config),
  );
  const rules: ServeRules = { sourceMaps: !options.production };
  const fileFor = (requestPath: string) => fileInside(shellDir, requestPath, rules);

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // API paths never fall back to the page: an unknown /api/… stays a JSON 404.
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/schema/')) return next();

    if (ctx.path === '/remotes.json') {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = config;
      return;
    }

    let found = ctx.path === '/' || ctx.path.endsWith('/index.html') ? null : await fileFor(ctx.path);
    if (!found) {
      // The SPA fallback: any page navigation gets the shell, which shows 'Not found' itself.
      if (!wantsHtml(ctx.get('Accept'))) return next();
      found = await fileFor('/index.html');
      if (!found) return next();
    }

    const isHtml = path.extname(found.file) === '.html';
    const { body, encoding, personal } = isHtml
      ? await page(ctx, found)
      : { ...(await bodyFor(found, ctx.get('Accept-Encoding'))), personal: false };
    ctx.type = contentTypeOf(found.file);
    ctx.set('Cache-Control', personal ? 'no-store' : cacheControlFor(found.file));
    ctx.set('Vary', 'Accept-Encoding');
    if (encoding) ctx.set('Content-Encoding', encoding);
    if (isHtml) ctx.set('Content-Security-Policy', csp);
    // The service worker's policy is its script's: it fetches pages from here and files from the remotes.
    if (ctx.path === SERVICE_WORKER_PATH) ctx.set('Content-Security-Policy', workerCsp);
    ctx.body = body;
  };
}
