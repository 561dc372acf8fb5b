/**
 * The shell's index.html as each request gets it: the configuration and the preconnect links in its
 * head, and, with a startup reader, the request's own startup block, its screen's preloads
 * (./screen-preloads) and, for a member, the layout's frame (./page-frame); a stranger's first
 * pages come rendered by React (./painted-pages). What can be shared is made and compressed once;
 * what holds a session is made per request and kept nowhere.
 */
import { readFile } from 'node:fs/promises';
import * as texts from '@platzbuchung/domain/texts';
import { acceptsGzip, gzipOnce } from './compression';
import type { AppContext } from './context';
import type { PageStartup } from '@platzbuchung/host/contract';
import { privateLayoutFrame, withFrame, withPaintedPage } from './page-frame';
import { inlineStartupBlock } from './page-head';
import type { PageStartupFor, PageStartupText } from './page-startup';
import type { PagePainter } from './painted-pages';
import { screenStyleSheets, type ScreenFiles } from './remote-files';
import { preloadsFor, type PreloadSources } from './screen-preloads';
import type { FileBody, FoundFile } from './static-files';

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
 * Anonymous pages differ by the screen they preload (the landing page, the login, …) and, when
 * painted, by their path (the Impressum and the privacy notice preload nothing): at most this many
 * are kept, which covers every public page of a version and its successor.
 */
const MOST_ANONYMOUS_PAGES = 32;

/**
 * index.html with the configuration inside, read once per file version; with `startupFor`, each
 * request's own startup block too. A visitor's page holds their session: compressed per request and
 * kept nowhere. Every anonymous visitor gets the same page (the clubs, no user): it is kept and
 * compressed once per file version and clubs list, since the landing page is what strangers and
 * crawlers ask for most. When the startup cannot be read (the database is away), the page goes out
 * without it and the shell asks, and shows its retry if that fails too.
 */
export function shellPage(
  headExtras: string,
  startupFor: PageStartupFor | undefined,
  sources: PreloadSources,
  painter?: PagePainter,
): (ctx: AppContext, found: FoundFile) => Promise<PageBody> {
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
  /** The page rendered by React for this request, or null (./painted-pages). */
  const painted = (
    ctx: AppContext,
    startupJson: string,
    files: ScreenFiles | null,
  ): Promise<string | null> =>
    painter
      ? painter.paint({
          path: ctx.path,
          query: ctx.querystring,
          startup: JSON.parse(startupJson) as PageStartup,
          screenFiles: files,
          logger: ctx.state.logger,
        })
      : Promise.resolve(null);
  const anonymousPage = async (
    ctx: AppContext,
    page: PageParts,
    startupJson: string,
    preloads: { links: string; files: ScreenFiles | null },
  ): Promise<StartupPage> => {
    const key = `${page.version}\n${startupJson}`;
    // Painted or not, a path's page is kept under the path only when it may be painted, so a stranger's
    // made-up addresses share the one unpainted page of their screen.
    const slot = painter?.paints(ctx.path, ctx.querystring)
      ? `${ctx.path}\n${preloads.links}`
      : preloads.links;
    const known = anonymousPages.get(slot);
    if (known?.key === key) return known;
    const html = await painted(ctx, startupJson, preloads.files);
    const head = html === null ? preloads.links : preloads.links + screenStyleSheets(preloads.files);
    const rest = html === null ? page.rest : withPaintedPage(page.rest, html);
    const plain = Buffer.from(page.head + head + inlineStartupBlock(startupJson) + rest);
    const made = { key, plain, gzipped: gzipOnce(plain, 9) };
    if (anonymousPages.size >= MOST_ANONYMOUS_PAGES) anonymousPages.clear();
    anonymousPages.set(slot, made);
    return made;
  };
  return async (ctx, found) => {
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
      const sent = await anonymousPage(ctx, page, startup.json, preloads);
      return gzip
        ? { body: await sent.gzipped, encoding: 'gzip', personal: true }
        : { body: sent.plain, personal: true };
    }
    // A member's page paints the layout's header before any script runs (./page-frame).
    const rest = startup.user
      ? withFrame(page.rest, privateLayoutFrame(startup.clubName ?? texts.productName))
      : page.rest;
    const body = Buffer.from(page.head + preloads.links + inlineStartupBlock(startup.json) + rest);
    return gzip ? { body: await gzipOnce(body), encoding: 'gzip', personal: true } : { body, personal: true };
  };
}
