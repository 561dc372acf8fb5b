/**
 * Serves the built shell (shell/dist) from the API's origin, after every /api and /schema route:
 * static files, an SPA fallback to index.html for page navigations (with the remotes configuration
 * inside), `GET /remotes.json` telling the
 * shell where the remotes live, and the Content-Security-Policy of the HTML page.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import {
  INLINE_ANSWERS_ID,
  INLINE_CONFIG_ID,
  INLINE_CONTRACTS_ID,
  INLINE_STARTUP_ID,
  type ImpressumConfig,
  type PrivacyFacts,
  type RemotesConfig,
} from '@platzbuchung/domain/host-contract';
import { clubNow } from '@platzbuchung/domain/club-time';
import { texts } from '@platzbuchung/domain/texts';
import { authStateOf, remoteScreenAt } from '@platzbuchung/domain/host-routes';
import { firstRequestsOf } from '@platzbuchung/domain/reservations/screen-requests';
import { KEEP_SENT_MAILS_DAYS } from '@platzbuchung/outbox/outbox';
import {
  bodyFor,
  cacheControlFor,
  contentTypeOf,
  fileInside,
  type FileBody,
  type FoundFile,
  type ServeRules,
} from './static-files';
import { acceptsGzip, gzipOnce } from './compression';
import { privateLayoutFrame, withFrame } from './page-frame';
import type { AppContext, AppState } from './context';
import type { InlineAnswerFor, PageStartupFor, PageStartupText } from './page-startup';
import { dataPreloadLinks, screenPreloadLinks, servedScreenFiles, type ScreenFilesFor } from './remote-files';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from './session';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The periods the privacy notice names, from the constants the API and housekeeping work with and
 * the operator's `MAIL_RETENTION_DAYS`.
 */
export function privacyFacts(mailRetentionDays: number): PrivacyFacts {
  return {
    sessionIdleDays: SESSION_IDLE_TIMEOUT_MS / DAY_MS,
    sessionLifetimeDays: SESSION_ABSOLUTE_LIFETIME_MS / DAY_MS,
    sentMailDays: KEEP_SENT_MAILS_DAYS,
    mailBodyDays: mailRetentionDays,
  };
}

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
  /** Production serves no source maps (docs/security.md). */
  production?: boolean;
  /** What each page carries for the shell's start (./page-startup); without it the shell asks. */
  startupFor?: PageStartupFor;
  /** Answers the page carries in place of the screen's first requests (./page-startup); the rest are preloaded. */
  inlineAnswerFor?: InlineAnswerFor;
  /**
   * How long a remote's served manifest stands before it is asked again (default 1 s): the pages
   * after a `switch` name the new version's files once it has passed.
   */
  manifestFreshForMs?: number;
}

/** A page waits this long at most for a remote's manifest; without it, it names none of its files. */
const MANIFEST_TIMEOUT_MS = 500;

/**
 * The shell loads each remote's `remoteEntry.js` itself, not its manifest: one request fewer before
 * a screen shows, and no manifest code in the shell's federation runtime. A URL naming another file
 * of the remote's folder (such as an older `mf-manifest.json` setting) means the entry beside it.
 */
export function remoteEntryUrl(entry: string, publicUrl: string): string {
  const url = new URL(entry, publicUrl);
  if (!url.pathname.endsWith('.js'))
    url.pathname = url.pathname.replace(/\/[^/]*\.json$|\/?$/, '/remoteEntry.js');
  return url.href;
}

export function contentSecurityPolicy(remoteOrigins: readonly string[]): string {
  const remotes = remoteOrigins.join(' ');
  const withRemotes = (...sources: string[]) => [...sources, remotes].filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    // No 'unsafe-eval' (the forms' validators are compiled ahead of time) and no 'unsafe-inline'
    // anywhere (styles are extracted files).
    `script-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes("'self'")}`,
    `connect-src ${withRemotes("'self'")}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * A JSON data block for the page's head: a data block is never run, so the CSP (no inline scripts)
 * stays as strict, and `<` is escaped so no text can close the element.
 */
function inlineDataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

export function inlineConfigBlock(config: RemotesConfig): string {
  return inlineDataBlock(INLINE_CONFIG_ID, JSON.stringify(config));
}

export function inlineStartupBlock(startupJson: string): string {
  return inlineDataBlock(INLINE_STARTUP_ID, startupJson);
}

/**
 * Connections to the remotes' origins opened while the shell's own files load: the first request
 * there (the contract check, a `fetch` without credentials) and the scripts (with them) use
 * separate connections, so each gets one.
 */
export function preconnectLinks(origins: readonly string[]): string {
  return origins
    .map(
      (origin) =>
        `<link rel="preconnect" href="${origin}" crossorigin /><link rel="preconnect" href="${origin}" />`,
    )
    .join('');
}

interface PageParts {
  version: string;
  /** Up to the end of the head's own elements, the configuration and the preconnect links included. */
  head: string;
  /** `</head>` and the rest. */
  rest: string;
  /** The page without a startup block, as served when there is none to write (made once). */
  plain: Buffer;
  gzipped: Promise<Buffer>;
}

interface PageBody extends FileBody {
  /** It holds the visitor's session: kept nowhere, like the session check's answer. */
  personal: boolean;
}

/** The anonymous visitors' page with its startup block, kept so it is compressed once. */
interface StartupPage {
  /** The file version and the startup text it was made from. */
  key: string;
  plain: Buffer;
  gzipped: Promise<Buffer>;
}

/**
 * Anonymous pages differ only by the screen they preload (the landing page, the login, …): at most
 * this many are kept, which covers every public screen of a version and its successor.
 */
const MOST_ANONYMOUS_PAGES = 32;

/**
 * The preload links of the screen this visitor will see at this path: its remote's files from the
 * served manifest, and the lists it asks for as it opens (`firstRequestsOf`), fetched with the
 * session's cookie. None where the shell shows no remote's screen (an unknown path, a redirect,
 * the membership notice); no files when the manifest cannot be read.
 */
async function preloadsFor(
  ctx: AppContext,
  startup: PageStartupText,
  sources: PreloadSources,
): Promise<string> {
  const screen = remoteScreenAt(ctx.path, authStateOf(startup.user));
  if (!screen) return '';
  const [files, data] = await Promise.all([
    sources.screenFilesFor(screen.remote, screen.module, ctx.state.logger),
    firstData(screen, startup, sources.inlineAnswerFor),
  ]);
  const contract = files?.contract
    ? inlineDataBlock(INLINE_CONTRACTS_ID, JSON.stringify({ [screen.remote]: files.contract }))
    : '';
  const answers = Object.keys(data.answers).length
    ? inlineDataBlock(INLINE_ANSWERS_ID, JSON.stringify(data.answers))
    : '';
  return (files ? screenPreloadLinks(files) : '') + dataPreloadLinks(data.preloads) + contract + answers;
}

interface PreloadSources {
  screenFilesFor: ScreenFilesFor;
  inlineAnswerFor: InlineAnswerFor | undefined;
}

/** The screen's first requests: those the page answers itself, and the others, to preload. */
async function firstData(
  screen: { remote: string; module: string },
  startup: PageStartupText,
  inlineAnswerFor: InlineAnswerFor | undefined,
): Promise<{ answers: Record<string, unknown>; preloads: string[] }> {
  const { user, clubTimeZone } = startup;
  if (!user || !clubTimeZone) return { answers: {}, preloads: [] };
  const paths = firstRequestsOf(screen, {
    clubId: user.club_id,
    userId: user._id,
    today: clubNow(clubTimeZone).date,
  });
  const inline = await Promise.all(paths.map((path) => inlineAnswerFor?.(path, user)));
  return {
    answers: Object.fromEntries(
      paths.flatMap((path, i) => (inline[i] === undefined ? [] : [[path, inline[i]] as const])),
    ),
    preloads: paths.filter((_, i) => inline[i] === undefined),
  };
}

/**
 * index.html with the configuration inside, read once per file version; with `startupFor`, each
 * request's own startup block too. A visitor's page holds their session: compressed per request and
 * kept nowhere. Every anonymous visitor gets the same page (the clubs, no user): it is kept and
 * compressed once per file version and clubs list, since the landing page is what strangers and
 * crawlers ask for most. When the startup cannot be read (the database is away), the page goes out
 * without it and the shell asks, and shows its retry if that fails too.
 */
function pageFrom(headExtras: string, startupFor: PageStartupFor | undefined, sources: PreloadSources) {
  let kept: PageParts | undefined;
  const anonymousPages = new Map<string, StartupPage>();
  const parts = async (found: FoundFile): Promise<PageParts> => {
    const version = `${found.size}:${found.mtime.getTime()}`;
    if (kept?.version !== version) {
      const html = await readFile(found.file, 'utf8');
      const headEnd = html.indexOf('</head>');
      const end = headEnd < 0 ? html.length : headEnd;
      const head = html.slice(0, end) + headExtras;
      const rest = html.slice(end);
      const plain = Buffer.from(head + rest);
      kept = { version, head, rest, plain, gzipped: gzipOnce(plain, 9) };
    }
    return kept;
  };
  const anonymousPage = (page: PageParts, startupJson: string, preloads: string): StartupPage => {
    const key = `${page.version}\n${startupJson}`;
    const known = anonymousPages.get(preloads);
    if (known?.key === key) return known;
    const plain = Buffer.from(page.head + preloads + inlineStartupBlock(startupJson) + page.rest);
    const made = { key, plain, gzipped: gzipOnce(plain, 9) };
    if (anonymousPages.size >= MOST_ANONYMOUS_PAGES) anonymousPages.clear();
    anonymousPages.set(preloads, made);
    return made;
  };
  return async (ctx: AppContext, found: FoundFile): Promise<PageBody> => {
    const page = await parts(found);
    const gzip = acceptsGzip(ctx.get('Accept-Encoding'));
    const withoutStartup = async (): Promise<PageBody> =>
      gzip
        ? { body: await page.gzipped, encoding: 'gzip', personal: false }
        : { body: page.plain, personal: false };
    if (!startupFor) return withoutStartup();
    let startup: PageStartupText;
    try {
      startup = await startupFor(ctx);
    } catch (err) {
      ctx.state.logger.error({ err }, 'the page goes out without its startup: the shell will ask');
      return withoutStartup();
    }
    const preloads = await preloadsFor(ctx, startup, sources);
    // Even the anonymous page says that nobody is logged in: no shared cache may keep it.
    if (startup.anonymous) {
      const sent = anonymousPage(page, startup.json, preloads);
      return gzip
        ? { body: await sent.gzipped, encoding: 'gzip', personal: true }
        : { body: sent.plain, personal: true };
    }
    // A member's page paints the layout's header before any script runs (./page-frame).
    const rest = startup.user
      ? withFrame(page.rest, privateLayoutFrame(startup.clubName ?? texts.productName))
      : page.rest;
    const body = Buffer.from(page.head + preloads + inlineStartupBlock(startup.json) + rest);
    return gzip ? { body: await gzipOnce(body), encoding: 'gzip', personal: true } : { body, personal: true };
  };
}

/** Does this request want a page (a browser navigation) rather than a file or JSON? */
function wantsHtml(accept: string): boolean {
  return /text\/html/i.test(accept);
}

export function serveUi(options: ServeUiOptions): Middleware<AppState> {
  const remotes = Object.fromEntries(
    Object.entries(options.remotes).map(([name, entry]) => [name, remoteEntryUrl(entry, options.publicUrl)]),
  );
  const ownOrigin = new URL(options.publicUrl).origin;
  const remoteOrigins = [...new Set(Object.values(remotes).map((url) => new URL(url).origin))].filter(
    (origin) => origin !== ownOrigin,
  );
  const csp = contentSecurityPolicy(remoteOrigins);
  const config: RemotesConfig = {
    remotes,
    impressum: options.impressum ?? { name: '', email: '' },
    privacy: privacyFacts(options.mailRetentionDays),
  };
  const shellDir = path.resolve(options.shellDir);

  const screenFilesFor = servedScreenFiles({
    remotes,
    freshForMs: options.manifestFreshForMs ?? 1000,
    timeoutMs: MANIFEST_TIMEOUT_MS,
  });
  const page = pageFrom(inlineConfigBlock(config) + preconnectLinks(remoteOrigins), options.startupFor, {
    screenFilesFor,
    inlineAnswerFor: options.inlineAnswerFor,
  });
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
    ctx.body = body;
  };
}
