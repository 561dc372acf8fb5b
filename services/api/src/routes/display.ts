/**
 * The clubhouse screen (docs/architecture/clubhouse-screen.md): the admin makes, renews and
 * reads the club's secret link; the screen, which nobody logs in to, opens its page, reads today's
 * day and follows the club's changes with the link alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { displayTexts } from '@platzbuchung/domain/display/texts';
import type { AppDeps } from '../deps';
import { assertAdminOf, requireActiveMember, sessionUser } from '../http/auth';
import type { AppContext, AppState } from '../http/context';
import { notFound } from '../http/errors';
import { isWellFormedSecret } from '../http/secret-links';
import { describeRoutes } from '../http/api-description';
import { message, object, orNull, text } from '../http/answer-schemas';
import {
  currentDisplaySecret,
  displayKey,
  displayUrl,
  findDisplay,
  renewDisplaySecret,
} from '../display/links';
import { readDisplayDay } from '../display/day';
import { answerWithStream, refuse, resumeAfter } from './live';

/**
 * The screen's page and its answers carry the secret in their address: no referrer leaves with it,
 * no search engine keeps it, no proxy or browser cache stores it.
 */
function secretAddress(ctx: AppContext): void {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
}

/** The page's own policy: its script, styles and the API of its origin, nothing inline, no frames. */
const SCREEN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** `/aushang/<secret>`; the page's files sit beside it under names that are no secret. */
const SCREEN_PATH = /^\/aushang\/([^/]+)$/;

const GONE_PAGE = `<!doctype html><html lang="de"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>Aushang</title></head><body><p>${displayTexts.linkGone}</p></body></html>`;

export function displayRoutes(deps: AppDeps): Router<AppState> {
  const { db, config } = deps;
  const key = displayKey(config.sessionSecret);
  const router = new Router<AppState>();

  const adminClub = (ctx: AppContext) => assertAdminOf(sessionUser(ctx), ctx.query.club_id);
  const linkAnswer = (secret: string | null) => ({ url: secret && displayUrl(config.publicUrl, secret) });

  /** The link, and how the screen names players (the public club list does not carry it). */
  router.get('/api/admin/display', requireActiveMember(db), async (ctx) => {
    const clubId = adminClub(ctx);
    const club: { display_names: string } | undefined = await db('clubs')
      .where({ id: clubId })
      .first('display_names');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      ...linkAnswer(await currentDisplaySecret(db, key, clubId)),
      display_names: club?.display_names,
    };
  });

  router.post('/api/admin/display', requireActiveMember(db), async (ctx) => {
    const clubId = adminClub(ctx);
    const renewed = (await currentDisplaySecret(db, key, clubId)) !== null;
    const secret = await renewDisplaySecret(db, key, clubId);
    ctx.state.logger.info({ clubId }, 'clubhouse screen link renewed');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { message: renewed ? displayTexts.renewed : displayTexts.made, ...linkAnswer(secret) };
  });

  /** Unknown and malformed secrets get the same 404: an answer never tells whether a link exists. */
  const ownerOf = async (ctx: AppContext) => {
    secretAddress(ctx);
    const owner = await findDisplay(db, ctx.params.secret ?? '');
    if (!owner) throw notFound(displayTexts.linkGone);
    return owner;
  };

  router.get('/api/display/:secret', async (ctx) => {
    const owner = await ownerOf(ctx);
    const day = await readDisplayDay(db, owner.clubId, deps.clock());
    if (!day) throw notFound(displayTexts.linkGone);
    ctx.body = day;
  });

  router.get('/api/display/:secret/stream', async (ctx) => {
    const owner = await ownerOf(ctx);
    const after = resumeAfter(ctx);
    const sink = new PassThrough();
    const hangUp = new AbortController();
    ctx.res.once('close', () => hangUp.abort());
    const opened = await deps.live.openDisplay({
      clubId: owner.clubId,
      secretHash: owner.secretHash,
      after,
      sink,
      hangUp: hangUp.signal,
    });
    if (!opened.ok) refuse(opened.reason);
    sink.once('error', opened.close);
    answerWithStream(ctx, sink);
  });

  const gone = { 404: 'Diesen Link gibt es nicht (mehr).' } as const;
  return describeRoutes(router, 'Aushang im Clubhaus', {
    'GET /api/admin/display': {
      summary: 'Der Link zum Aushang des Vereins und wie er Spieler nennt',
      access: 'admin',
      answers: {
        200: {
          description: 'Der Link (null, solange es keinen gibt).',
          schema: object({ url: orNull(text), display_names: text }),
        },
      },
    },
    'POST /api/admin/display': {
      summary: 'Einen neuen Link zum Aushang machen; ein bisheriger gilt nicht mehr',
      access: 'admin',
      answers: { 200: { description: 'Der neue Link.', schema: message({ url: text }) } },
    },
    'GET /api/display/:secret': {
      summary: 'Der heutige Tag des Vereins, wie der Aushang ihn zeigt',
      access: 'secret-link',
      answers: { 200: { description: 'Der Tag.', schema: { type: 'object' } } },
      refusals: gone,
    },
    'GET /api/display/:secret/stream': {
      summary: 'Die Änderungen am Tag des Aushangs, live (Server-Sent Events)',
      access: 'secret-link',
      answers: { 200: { description: 'Der Strom; er endet nicht von selbst.', media: 'event-stream' } },
      refusals: {
        ...gone,
        429: 'Zu viele offene Ströme.',
        503: 'Der Server ist ausgelastet oder startet neu; `Retry-After`.',
      },
    },
  });
}

/**
 * The screen's page: the shell's build of it (shell/src/aushang) for a link that works, else a
 * small German 404 page. A page, not an API answer, so it is mounted beside the UI (../app), after
 * the API's routes; paths that are no secret (its script and styles beside it) go on to the static
 * files.
 */
export function displayPage(deps: AppDeps): Middleware<AppState> {
  const { db, config } = deps;
  return async (ctx, next) => {
    const secret = SCREEN_PATH.exec(ctx.path)?.[1];
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !secret || !isWellFormedSecret(secret)) {
      return next();
    }
    secretAddress(ctx);
    ctx.set('Content-Security-Policy', SCREEN_CSP);
    ctx.type = 'text/html; charset=utf-8';
    const owner = await findDisplay(db, secret);
    const page =
      owner &&
      (await readFile(path.join(config.ui.shellDir, 'aushang', 'index.html'), 'utf8').catch(() => undefined));
    ctx.status = page ? 200 : 404;
    ctx.body = page ?? GONE_PAGE;
  };
}
